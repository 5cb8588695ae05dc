import type { ResolvedApprovalOptions } from './approval-options';
import type { InternalToolExecution } from './tool-execution-eligibility';
import type { DecidedRun } from './paused-run';
import type { ToolCallback } from '../../tool/tool-callback';
import type { Advisor } from '../advisors/advisor-base';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import type { ToolContext } from '../../tool/tool-context';
import type { ExecutionScope } from './execution-scope';
import type { ChatModel } from '../model/chat-model';
import type { ChatOptions } from '../model/chat-options';
import type { Message } from '../model/messages';
import type { ToolCallHooks } from './tool-call-hooks';
import type { ToolCallingManager } from './tool-calling-manager';
import type { ToolSelector } from './tool-selection';
import type { PrepareRound } from './round-preparation';
import type { StopCondition } from './stop-conditions';
import type { ToolResultElision } from './result-elision';
import type { AnswerRepair } from './answer-repair';
import type { ToolElicitationHandler } from './chat-elicitation';
import type { DurableRunBinding } from '../ports/run-checkpoint';

/** Everything one `call()`/`stream()` needs, fixed when it starts: defaults and the request's additions merged. */
export interface ChatRequest {
  readonly chatModel: ChatModel;
  readonly manager: ToolCallingManager;
  readonly messages: readonly Message[];
  readonly toolCallbacks: readonly (ToolCallback | ToolCallbackProvider)[];
  /** Given when `toolCallbacks` are the client's defaults, so that their resolution is kept between calls. */
  readonly resolutionKey?: object;
  readonly toolNames: readonly string[];
  /** The merged values, without signal or execution scope yet. */
  readonly context: ToolContext;
  readonly options: ChatOptions;
  /** The client's and the request's hooks (the manager adds its own). */
  readonly hooks: readonly ToolCallHooks[];
  readonly signal?: AbortSignal;
  /** Asked when the call starts, unless the request was given explicitly. */
  readonly scope: () => ExecutionScope | undefined;
  readonly internalToolExecution: InternalToolExecution;
  /** The client's and the request's advisors, unsorted; empty: the loop runs directly. */
  readonly advisors: readonly Advisor[];
  /** Advisor parameters and state (JSON values: kept with a paused run). */
  readonly adviseContext: Readonly<Record<string, unknown>>;
  readonly approvals: ResolvedApprovalOptions;
  /** A run that paused for approval, every approval decided: the call continues it instead of starting anew. */
  readonly resumption?: DecidedRun;
  /** Chooses the tools offered round by round (tool search); absent: every visible tool in every request. */
  readonly toolSelector?: ToolSelector;
  /** Called before each model request, in order (the client's, the request's, the advisors'); absent: none. */
  readonly prepareRound?: readonly PrepareRound[];
  /** Checked after each round of tool calls; the first that holds ends the call. Absent: none. */
  readonly stopWhen?: readonly StopCondition[];
  /** Old tool results beyond this budget are elided from the model requests. */
  readonly elideToolResults?: ToolResultElision;
  /** Answers the tools' questions (`ToolContext.elicit()`); absent: every question is declined at once. */
  readonly elicitationHandler?: ToolElicitationHandler;
  /** Set by `entity()` when it may ask the model to repair its answer. */
  readonly answerRepair?: AnswerRepair;
  /** A durable run (`lib/runs`): each step is checkpointed, and the call may go on from a checkpoint. */
  readonly durable?: DurableRunBinding;
}
