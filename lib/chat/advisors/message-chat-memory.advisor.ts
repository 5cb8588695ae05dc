import {
  ADVISOR_ORDER,
  type CallAdvisor,
  type CallAdvisorChain,
  type StreamAdvisor,
  type StreamAdvisorChain,
} from './advisor';
import { CHAT_MEMORY_CONVERSATION_ID } from './advise-context';
import type { ChatClientRequest } from './chat-client-request';
import type { ChatClientResponse } from '../ports/chat-client-response';
import type { ChatStreamEvent } from '../loop/chat-stream-event';
import { chatClientResponseOf } from '../loop/finished-responses';
import { InvalidChatRequestError } from '../../errors/invalid-chat-request.error';
import { ChatMessages } from '../../errors/messages/chat.messages';
import type { ChatMemory } from '../ports/chat-memory';

/** Where the exchange of a request begins in its messages (kept in the advise context, so a paused run knows it). */
const EXCHANGE_START = 'chat_memory_exchange_start';
const MAX_CONVERSATION_ID_LENGTH = 256;

/** Options of a `MessageChatMemoryAdvisor`. */
export interface MessageChatMemoryAdvisorOptions {
  /** The conversation of requests that name none (`.conversationId(id)`); without one, such requests are left alone. */
  readonly conversationId?: string;
  /** Default `ADVISOR_ORDER.chatMemory`: before the other advisors, which then see the history. */
  readonly order?: number;
}

/**
 * Chat memory as an advisor (Spring AI's `MessageChatMemoryAdvisor`): the conversation's earlier messages go before
 * the request's (after its system message); when the call has answered, its exchange (the user message, the
 * assistant's, the tool calls and their results) is added to the memory at once. A call that pauses for approval
 * adds its exchange when it is resumed and finishes, so the memory never holds a tool call without its result.
 */
export class MessageChatMemoryAdvisor implements CallAdvisor, StreamAdvisor {
  /** The advisor's name, in logs and errors. */
  readonly name = 'MessageChatMemoryAdvisor';
  /** Its place in the chain. */
  readonly order: number;
  private readonly conversationId?: string;

  constructor(
    /** Where the conversations are kept. */
    readonly chatMemory: ChatMemory,
    options: MessageChatMemoryAdvisorOptions = {},
  ) {
    this.order = options.order ?? ADVISOR_ORDER.chatMemory;
    this.conversationId = options.conversationId;
  }

  /** Puts the conversation before the request, and adds the exchange once the call has answered. */
  async adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    const id = this.conversationOf(request);
    if (id === undefined) return chain.nextCall(request);
    const response = await chain.nextCall(await this.before(request, id));
    await this.after(id, response);
    return response;
  }

  /** Puts the conversation before the request, and adds the exchange once the stream has finished. */
  async *adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncIterable<ChatStreamEvent> {
    const id = this.conversationOf(request);
    if (id === undefined) {
      yield* chain.nextStream(request);
      return;
    }
    for await (const event of chain.nextStream(await this.before(request, id))) {
      if (event.type === 'finished') {
        const response = chatClientResponseOf(event);
        if (response) await this.after(id, response);
      }
      yield event;
    }
  }

  private conversationOf(request: ChatClientRequest): string | undefined {
    const id = request.context[CHAT_MEMORY_CONVERSATION_ID] ?? this.conversationId;
    if (id === undefined) return undefined;
    if (typeof id !== 'string' || id === '' || id.length > MAX_CONVERSATION_ID_LENGTH)
      throw new InvalidChatRequestError(ChatMessages.invalidConversationId(MAX_CONVERSATION_ID_LENGTH));
    return id;
  }

  private async before(request: ChatClientRequest, id: string): Promise<ChatClientRequest> {
    // A resumed run carries its whole conversation, and where its exchange began.
    if (request.resumed) return request;
    const earlier = await this.chatMemory.get(id);
    const messages = request.messages;
    let system = 0;
    while (system < messages.length && messages[system].role === 'system') system++;
    return request.with({
      messages: [...messages.slice(0, system), ...earlier, ...messages.slice(system)],
      context: {
        ...request.context,
        [CHAT_MEMORY_CONVERSATION_ID]: id,
        [EXCHANGE_START]: system + earlier.length,
      },
    });
  }

  private async after(id: string, response: ChatClientResponse): Promise<void> {
    if (response.pendingApprovals.length > 0) return;
    const start = response.context[EXCHANGE_START];
    if (typeof start !== 'number') return;
    await this.chatMemory.add(
      id,
      response.history.slice(start).filter((message) => message.role !== 'system'),
    );
  }
}
