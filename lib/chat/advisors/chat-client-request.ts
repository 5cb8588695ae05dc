import type { ToolContext } from '../../tool/tool-context';
import type { ChatRequest } from '../loop/chat-request';
import type { ToolSelector } from '../loop/tool-selection';
import type { ChatOptions } from '../model/chat-options';
import type { Message } from '../model/messages';

/** What an advisor may change in a request. */
export interface ChatClientRequestChanges {
  readonly messages?: readonly Message[];
  readonly options?: ChatOptions;
  readonly toolContext?: ToolContext;
  /** Replaces the advise context (spread the current one to keep it). */
  readonly context?: Readonly<Record<string, unknown>>;
  /** Chooses the tools offered round by round (what `ToolSearchAdvisor` sets). */
  readonly toolSelector?: ToolSelector;
}

/**
 * A request as the advisors see it (Spring AI's `ChatClientRequest`): the messages to send, the options, the tools'
 * context, and the advise context, where advisors read their parameters (the conversation id) and leave state for
 * later ones. The advise context is kept with a paused run, so its values must be JSON.
 */
export class ChatClientRequest {
  /** @internal Made by the advisor chain. */
  constructor(readonly chatRequest: ChatRequest) {}

  get messages(): readonly Message[] {
    return this.chatRequest.messages;
  }

  get options(): ChatOptions {
    return this.chatRequest.options;
  }

  get toolContext(): ToolContext {
    return this.chatRequest.context;
  }

  get context(): Readonly<Record<string, unknown>> {
    return this.chatRequest.adviseContext;
  }

  /** `true` when the request continues a run that paused for approval (its messages are the run's, in full). */
  get resumed(): boolean {
    return this.chatRequest.resumption !== undefined;
  }

  /** A copy with these changes. */
  with(changes: ChatClientRequestChanges): ChatClientRequest {
    const base = this.chatRequest;
    return new ChatClientRequest({
      ...base,
      messages: changes.messages ?? base.messages,
      options: changes.options ?? base.options,
      context: changes.toolContext ?? base.context,
      adviseContext: changes.context ?? base.adviseContext,
      toolSelector: changes.toolSelector ?? base.toolSelector,
    });
  }
}
