import type { Message } from '../chat/model/messages';

/** Where a `ChatMemory` keeps its conversations (Spring AI's `ChatMemoryRepository`). */
export interface ChatMemoryRepository {
  findByConversationId(conversationId: string): Promise<Message[]>;
  /** Replaces the conversation's messages. */
  saveAll(conversationId: string, messages: readonly Message[]): Promise<void>;
  deleteByConversationId(conversationId: string): Promise<void>;
  /**
   * Replaces the conversation with what `change` makes of it, atomically: no other write to the conversation comes
   * between the read and the write. Without it, a memory reads and then saves.
   */
  update?(conversationId: string, change: (messages: Message[]) => Message[]): Promise<void>;
}
