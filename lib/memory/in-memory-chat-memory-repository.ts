/* eslint-disable @typescript-eslint/require-await -- the contract is async (Redis); in memory nothing is awaited, and async keeps a thrown read error a rejection */
import type { Message } from '../chat/model/messages';
import type { ChatMemoryRepository } from './chat-memory-repository';
import { messageWindow } from './message-window';
import { parseConversation, serializeConversation } from './stored-conversation';

const DEFAULT_MAX_CONVERSATIONS = 10_000;

/**
 * Conversations in this process's memory (the default): stored as the same versioned JSON as in Redis, so nothing
 * the caller holds can change them. Fine for one replica; with several, use `RedisChatMemoryRepository`.
 */
export class InMemoryChatMemoryRepository implements ChatMemoryRepository {
  private readonly conversations = new Map<string, string>();
  /**
   * Walks the conversations from the least recently written, for dropping them: kept from one drop to the next,
   * because a new `keys().next()` each time steps over every entry dropped before (V8 keeps them as holes until the
   * table is rebuilt), which made each write at the bound cost more the longer the repository had been full.
   */
  private oldest: Iterator<string> | undefined;

  /**
   * @param maxConversations - The most conversations kept; the least recently written is dropped first.
   * @defaultValue `maxConversations`: 10000
   */
  constructor(private readonly maxConversations = DEFAULT_MAX_CONVERSATIONS) {}

  /** The conversation's messages, oldest first (empty for an unknown id). */
  async findByConversationId(conversationId: string): Promise<Message[]> {
    const text = this.conversations.get(conversationId);
    return text === undefined ? [] : parseConversation(conversationId, text);
  }

  /** Replaces the conversation's messages; drops the least recently written conversation beyond the bound. */
  async saveAll(conversationId: string, messages: readonly Message[]): Promise<void> {
    const text = serializeConversation(messages);
    this.conversations.delete(conversationId);
    this.conversations.set(conversationId, text);
    if (this.conversations.size > this.maxConversations) this.dropOldest();
  }

  /**
   * Everything before the walk's place has been dropped or written again (a write moves a conversation to the end),
   * so its next key is the least recently written. A walk that reached the end starts again.
   */
  private dropOldest(): void {
    let next = this.oldest?.next();
    if (next === undefined || next.done) {
      this.oldest = this.conversations.keys();
      next = this.oldest.next();
    }
    if (!next.done) this.conversations.delete(next.value);
  }

  /** Forgets the conversation. */
  async deleteByConversationId(conversationId: string): Promise<void> {
    this.conversations.delete(conversationId);
  }

  /** Nothing runs between the read and the write: both happen in one turn of the event loop. */
  async append(conversationId: string, messages: readonly Message[], maxMessages: number): Promise<void> {
    const text = this.conversations.get(conversationId);
    const stored = text === undefined ? [] : parseConversation(conversationId, text);
    await this.saveAll(conversationId, messageWindow([...stored, ...messages], maxMessages));
  }
}
