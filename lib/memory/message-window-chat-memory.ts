import type { Message } from '../chat/model/messages';
import { ToolCallingOptionsError } from '../errors/tool-calling-options.error';
import type { ChatMemory } from '../chat/ports/chat-memory';
import type { ChatMemoryRepository } from './chat-memory-repository';
import { InMemoryChatMemoryRepository } from './in-memory-chat-memory-repository';
import {
  MessageChatMemoryAdvisor,
  type MessageChatMemoryAdvisorOptions,
} from '../chat/advisors/message-chat-memory.advisor';
import { messageWindow } from './message-window';

/** Options of a `MessageWindowChatMemory`. */
export interface MessageWindowChatMemoryOptions {
  /**
   * Where the conversations are kept.
   * @defaultValue a new `InMemoryChatMemoryRepository`
   */
  readonly repository?: ChatMemoryRepository;
  /**
   * Messages kept per conversation (Spring AI's default).
   * @defaultValue 20
   */
  readonly maxMessages?: number;
}

const DEFAULT_MAX_MESSAGES = 20;

/**
 * A `ChatMemory` that keeps the last `maxMessages` messages of each conversation (Spring AI's
 * `MessageWindowChatMemory`), never splitting an assistant message that asked for tools from its results.
 */
export class MessageWindowChatMemory implements ChatMemory {
  /** Where the conversations are kept. */
  readonly repository: ChatMemoryRepository;
  /** Messages kept per conversation. */
  readonly maxMessages: number;

  constructor(options: MessageWindowChatMemoryOptions = {}) {
    const max = options.maxMessages ?? DEFAULT_MAX_MESSAGES;
    if (!Number.isInteger(max) || max < 1)
      throw new ToolCallingOptionsError('maxMessages', max, 'a whole number of at least 1');
    this.maxMessages = max;
    this.repository = options.repository ?? new InMemoryChatMemoryRepository();
  }

  /** The conversation's messages, oldest first (empty for an unknown id). */
  get(conversationId: string): Promise<Message[]> {
    return this.repository.findByConversationId(conversationId);
  }

  /** Adds one exchange whole, then keeps the last `maxMessages` (never a tool result without its call). */
  async add(conversationId: string, messages: readonly Message[]): Promise<void> {
    if (messages.length === 0) return;
    const repository = this.repository;
    if (repository.append) return repository.append(conversationId, messages, this.maxMessages);
    const stored = await repository.findByConversationId(conversationId);
    await repository.saveAll(conversationId, messageWindow([...stored, ...messages], this.maxMessages));
  }

  /** Forgets the conversation. */
  clear(conversationId: string): Promise<void> {
    return this.repository.deleteByConversationId(conversationId);
  }

  /** An advisor that keeps requests in this memory: in `conversationId`, unless a request names another. */
  forConversation(
    conversationId: string,
    options: MessageChatMemoryAdvisorOptions = {},
  ): MessageChatMemoryAdvisor {
    return new MessageChatMemoryAdvisor(this, { ...options, conversationId });
  }
}
