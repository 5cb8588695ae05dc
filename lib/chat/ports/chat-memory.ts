import type { Message } from '../model/messages';

/**
 * The messages of conversations, by conversation id (Spring AI's `ChatMemory`): what `MessageChatMemoryAdvisor`
 * puts before a new question, and where it adds each finished exchange.
 */
export interface ChatMemory {
  /** The conversation's messages, oldest first (empty for an unknown id). */
  get(conversationId: string): Promise<Message[]>;
  /** Adds one exchange (user, assistant, tool calls and results) at once: it is stored whole or not at all. */
  add(conversationId: string, messages: readonly Message[]): Promise<void>;
  /** Forgets the conversation. */
  clear(conversationId: string): Promise<void>;
}
