import type { ToolContext } from '../../tool/tool-context';
import type { ChatRequest } from '../loop/chat-request';
import type { ToolSelector } from '../loop/tool-selection';
import type { ChatOptions } from '../model/chat-options';
import type { Message } from '../model/messages';
import type { PrepareRound } from '../loop/round-preparation';
import { assertPrepareRound } from '../loop/round-preparation-list';
import { assertStopConditions, type StopCondition } from '../loop/stop-conditions';

let wrap: (request: ChatRequest) => ChatClientRequest;
let unwrap: (request: ChatClientRequest) => ChatRequest;

/** What an advisor may change in a request. */
export interface ChatClientRequestChanges {
  /** Replaces the messages. */
  readonly messages?: readonly Message[];
  /** Replaces the chat options. */
  readonly options?: ChatOptions;
  /** Replaces the tools' context. */
  readonly toolContext?: ToolContext;
  /** Replaces the advise context (spread the current one to keep it). */
  readonly context?: Readonly<Record<string, unknown>>;
  /** Chooses the tools offered round by round (what `ToolSearchAdvisor` sets). */
  readonly toolSelector?: ToolSelector;
  /** Replaces the round preparation hooks (spread `prepareRound` to add to them). */
  readonly prepareRound?: readonly PrepareRound[];
  /** Replaces the stop conditions (spread `stopWhen` to add to them). */
  readonly stopWhen?: readonly StopCondition[];
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * A request as the advisors see it (Spring AI's `ChatClientRequest`): the messages to send, the options, the tools'
 * context, and the advise context, where advisors read their parameters (the conversation id) and leave state for
 * later ones. The advise context is kept with a paused run, so its values must be JSON.
 */
export class ChatClientRequest {
  // The loop's request stays private: advisors see the public getters only.
  readonly #request: ChatRequest;

  static {
    wrap = (request) => new ChatClientRequest(request);
    unwrap = (request) => request.#request;
  }

  private constructor(request: ChatRequest) {
    this.#request = request;
  }

  /** The messages to send, the system message first. */
  get messages(): readonly Message[] {
    return this.#request.messages;
  }

  /** The chat options of the request (model, temperature…), the client's defaults merged in. */
  get options(): ChatOptions {
    return this.#request.options;
  }

  /** What the tools get in their `ToolContext`; never sent to the model. */
  get toolContext(): ToolContext {
    return this.#request.context;
  }

  /** The advise context: advisors' parameters (the conversation id…) and the state they leave for later ones. */
  get context(): Readonly<Record<string, unknown>> {
    return this.#request.adviseContext;
  }

  /** The hooks called before each model request: the client's, then the request's (see `PrepareRound`). */
  get prepareRound(): readonly PrepareRound[] {
    return this.#request.prepareRound ?? NONE;
  }

  /** The stop conditions: the client's, then the request's (see `StopCondition`). */
  get stopWhen(): readonly StopCondition[] {
    return this.#request.stopWhen ?? NONE;
  }

  /** `true` when the request continues a run that paused for approval (its messages are the run's, in full). */
  get resumed(): boolean {
    return this.#request.resumption !== undefined;
  }

  /** A copy with these changes. */
  with(changes: ChatClientRequestChanges): ChatClientRequest {
    const base = this.#request;
    const { prepareRound, stopWhen } = changes;
    prepareRound?.forEach(assertPrepareRound);
    if (stopWhen !== undefined) assertStopConditions(stopWhen);
    return new ChatClientRequest({
      ...base,
      messages: changes.messages ?? base.messages,
      options: changes.options ?? base.options,
      context: changes.toolContext ?? base.context,
      adviseContext: changes.context ?? base.adviseContext,
      toolSelector: changes.toolSelector ?? base.toolSelector,
      prepareRound:
        prepareRound === undefined ? base.prepareRound : prepareRound.length > 0 ? prepareRound : undefined,
      stopWhen: stopWhen === undefined ? base.stopWhen : stopWhen.length > 0 ? stopWhen : undefined,
    });
  }
}

/** The request the advisor chain starts with. */
export function toChatClientRequest(request: ChatRequest): ChatClientRequest {
  return wrap(request);
}

/** The loop's request behind what the last advisor passed on. */
export function chatRequestOf(request: ChatClientRequest): ChatRequest {
  return unwrap(request);
}
