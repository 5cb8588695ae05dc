import type { RunSubmitterSlot } from '../ports/run-submitter';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import type { ChatModel } from '../model/chat-model';
import type { ChatOptions } from '../model/chat-options';
import type { ToolCallHooks } from '../loop/tool-call-hooks';
import type { ToolCallingManager } from '../loop/tool-calling-manager';
import type { ToolCallingManagerOptions } from '../loop/tool-calling-manager-options';
import type { ExecutionScopeProvider } from '../loop/execution-scope';
import type { ApprovalOptions } from '../loop/approval-options';
import type { Advisor } from '../advisors/advisor-base';
import type { ChatMemory } from '../ports/chat-memory';
import type { PrepareRound } from '../loop/round-preparation';
import type { StopCondition } from '../loop/stop-conditions';
import type { ToolResultElision } from '../loop/result-elision';
import type { ToolElicitationHandler } from '../loop/chat-elicitation';

/**
 * What every request of a `ChatClient` starts from. A request adds to it: its tools join these (a name given twice
 * is an error), its tool context is merged over this one, its options over these, its `.system()` replaces `system`.
 */
export interface ChatClientDefaults {
  /** The system message, first in every request (unless a request's own `.messages()` start with one). */
  readonly system?: string;
  /** Objects whose class has `@Tool()` methods. Their callbacks are built once, when the client is made. */
  readonly tools?: readonly object[];
  /** Callbacks, and providers asked for their callbacks on each call (never when the client is made). */
  readonly toolCallbacks?: readonly (ToolCallback | ToolCallbackProvider)[];
  /** Names resolved through the manager's resolver on each call. */
  readonly toolNames?: readonly string[];
  /** Values handed to tools in their `ToolContext`; never sent to the model. */
  readonly toolContext?: Readonly<Record<string, unknown>>;
  /** Chat options of every request (model, temperature…); a request's `.options()` are merged over them. */
  readonly options?: ChatOptions;
  /** Hooks around the tool calls of every request (after the manager's, before the request's). */
  readonly hooks?: ToolCallHooks | readonly ToolCallHooks[];
  /** Advisors around every request (`CallAdvisor`s, `StreamAdvisor`s, or both), ordered by their `order`. */
  readonly advisors?: readonly Advisor[];
  /** Advise context of every request (e.g. a default conversation id); a request's `.advisorParams()` win. */
  readonly advisorParams?: Readonly<Record<string, unknown>>;
  /** Called before each model request of every request (before the request's own; see `PrepareRound`). */
  readonly prepareRound?: PrepareRound | readonly PrepareRound[];
  /** Stop conditions of every request (a request's `.stopWhen()` adds to them; see `StopCondition`). */
  readonly stopWhen?: readonly StopCondition[];
  /** Old tool results beyond a budget are elided from model requests (a request's `.elideToolResults()` wins). */
  readonly elideToolResults?: ToolResultElision;
  /**
   * Answers the questions tools ask during every request (`ToolContext.elicit()`; a request's
   * `.elicitationHandler()` wins). Absent: every question is declined at once.
   */
  readonly elicitationHandler?: ToolElicitationHandler;
}

/** How a `ChatClient` runs, besides its defaults. */
export interface ChatClientOptions {
  /** A shared manager, or options for one of the client's own. Default: a manager with the default limits. */
  readonly toolCallingManager?: ToolCallingManager | ToolCallingManagerOptions;
  /** Asked once per call for the HTTP request it serves (the module gives one that reads the current request). */
  readonly executionScope?: ExecutionScopeProvider;
  /** Where calls that need approval wait, for how long, and who may decide them. Default: in memory, same user. */
  readonly approvals?: ApprovalOptions;
  /**
   * Requests that name a conversation (`.conversationId(id)`) are kept in this memory, through a
   * `MessageChatMemoryAdvisor` added to them (unless the request's advisors already have one). Requests that name
   * none are left alone, at no cost.
   */
  readonly chatMemory?: ChatMemory;
  /** Where `submit()` enqueues runs (`DurableRunsModule` fills the module's slot). Default: none. */
  readonly runs?: RunSubmitterSlot;
}

/** What `ChatClient.mutate()` changes: defaults to add (see `mutate`), and the model or options to replace. */
export interface ChatClientChanges extends ChatClientDefaults, ChatClientOptions {
  /** Another model for the new client. */
  readonly chatModel?: ChatModel;
}
