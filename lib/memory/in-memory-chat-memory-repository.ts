/* eslint-disable @typescript-eslint/require-await -- the contract is async (Redis); in memory nothing is awaited, and async keeps a thrown read error a rejection */
import type { Message } from '../chat/model/messages';
import type { ChatMemoryRepository } from './chat-memory-repository';
import { messageWindow } from './message-window';
import { parseConversation, serializeConversation } from './stored-conversation';

/** Default bound on the conversations kept; the least recently written is dropped first. */
export const DEFAULT_MAX_CONVERSATIONS = 10_000;

/**
 * Conversations in this process's memory (the default): stored as the same versioned JSON as in Redis, so nothing
 * the caller holds can change them. Fine for one replica; with several, use `RedisChatMemoryRepository`.
 */
export class InMemoryChatMemoryRepository implements ChatMemoryRepository {
  private readonly conversations = new Map<string, string>();

  constructor(private readonly maxConversations = DEFAULT_MAX_CONVERSATIONS) {}

  async findByConversationId(conversationId: string): Promise<Message[]> {
    const text = this.conversations.get(conversationId);
    return text === undefined ? [] : parseConversation(conversationId, text);
  }

  async saveAll(conversationId: string, messages: readonly Message[]): Promise<void> {
    const text = serializeConversation(messages);
    this.conversations.delete(conversationId);
    this.conversations.set(conversationId, text);
    if (this.conversations.size > this.maxConversations)
      this.conversations.delete(this.conversations.keys().next().value!);
  }

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
