import type { Message } from '../chat/model/messages';

/** Where a `ChatMemory` keeps its conversations (Spring AI's `ChatMemoryRepository`). */
export interface ChatMemoryRepository {
  /** The conversation's messages, oldest first (empty for an unknown id). */
  findByConversationId(conversationId: string): Promise<Message[]>;
  /** Replaces the conversation's messages. */
  saveAll(conversationId: string, messages: readonly Message[]): Promise<void>;
  /** Forgets the conversation. */
  deleteByConversationId(conversationId: string): Promise<void>;
  /**
   * Adds the messages and keeps the last `maxMessages` (never a tool result without its call first), atomically: no
   * other write to the conversation comes between, and the messages are added all or none. Without it, a memory
   * reads, cuts and saves.
   */
  append?(conversationId: string, messages: readonly Message[], maxMessages: number): Promise<void>;
}
