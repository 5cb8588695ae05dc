import type { ToolCallTelemetry } from '../../ports/chat-telemetry';
import type { ToolExecutionExceptionProcessor } from '../../../tool/execution/tool-execution-exception-processor';
import type { ToolCallback } from '../../../tool/tool-callback';
import type { ToolContext } from '../../../tool/tool-context';
import type { ToolCall, ToolResponse } from '../../model/messages';
import type { AbortLike } from '../run-abort';
import type { SiblingCancellation } from '../sibling-cancellation';
import type { ToolCallHooks } from '../tool-call-hooks';
import type { ResolvedToolCallingLimits } from '../tool-calling-manager-options';
import type { ToolCallAwaitingApproval, ToolRoundInput } from '../tool-execution-result';
import type { Target } from '../tool-round-plan';

export interface ToolRoundSettings {
  readonly limits: ResolvedToolCallingLimits;
  readonly processor: ToolExecutionExceptionProcessor;
  readonly hooks: readonly ToolCallHooks[];
}

/**
 * When a call answered synchronously is settled (its result kept and reported), against the calls started with it.
 * `SETTLE_AT_ONCE`: as it is answered (a call a person refused). `SETTLE_FIRST`: once every call of its batch has
 * started, first (answered without running a tool: an unknown tool, a call over a limit). `SETTLE_AFTER`: then (a
 * tool's answer, or its failure). This is the order one promise per call would give (an answer without a tool one
 * microtask turn ahead of a tool's), without the promises.
 */
export const SETTLE_AT_ONCE = 0;
export const SETTLE_FIRST = 1;
export const SETTLE_AFTER = 2;
export type SettleOrder = typeof SETTLE_AT_ONCE | typeof SETTLE_FIRST | typeof SETTLE_AFTER;

/** What made a call fail, for its telemetry, when a hook denied it. */
export const DENIED = Symbol('denied');

/** One tool call on its way through the pipeline. */
export class ToolCallState {
  settleOrder: SettleOrder = SETTLE_AFTER;
  /** The arguments the tool runs with: the model's, or a hook's rewrite. */
  args: string;
  /** The answer a person's decision or the approval check gave instead of running the tool. */
  refusal: ToolResponse | undefined = undefined;
  /** A person decided on this call (a resumed round): the approval policy is not asked again. */
  decided = false;
  telemetry: ToolCallTelemetry | undefined = undefined;
  /** What made the call fail (`DENIED` when a hook refused it), for its telemetry. */
  error: unknown = undefined;
  /** The context the tool is called with: the chat call's, or one that reports progress (a streamed call). */
  context: ToolContext;
  /** The time the tool is given, when less than its limit (an attempt after the first: see `ToolCallRetry`). */
  timeoutMs: number | undefined = undefined;

  constructor(
    readonly scope: ToolRoundScope,
    readonly index: number,
    readonly call: ToolCall,
    readonly target: Target,
  ) {
    this.args = call.arguments;
    this.context = scope.context;
  }
}

/** The call's response; `undefined` when there is nothing to settle (a kept result, a call waiting for approval). */
export type CallAnswer = ToolResponse | undefined | Promise<ToolResponse | undefined>;

/** The rest of the pipeline, as a stage sees it. */
export type NextStage = (state: ToolCallState) => CallAnswer;

/**
 * One step of a tool call: it does its part and hands the call to `next` (or answers without it). A stage that
 * answers synchronously returns the answer, one that waits returns a promise: the pipeline is synchronous as long
 * as every stage a call passes is.
 */
export type ToolCallStage = (state: ToolCallState, next: NextStage) => CallAnswer;

/** What the stages share: one round of tool calls. */
export interface ToolRoundScope {
  readonly input: ToolRoundInput;
  readonly tools: ReadonlyMap<string, ToolCallback>;
  readonly settings: ToolRoundSettings;
  readonly context: ToolContext;
  /** What aborts the round: the chat run's abort, or the input's signal. */
  readonly abort: AbortLike | undefined;
  /** 1-based number of the model request answered. */
  readonly round: number;
  /** The calls of the concurrent range running now, if any. */
  readonly siblings: SiblingCancellation | undefined;
  /** Results in call order, as they settle. */
  readonly responses: ToolResponse[];
  /** The call waits for a person's approval: the round will pause. */
  awaitApproval(entry: ToolCallAwaitingApproval): void;
}

/** The error result the exception processor makes of `error` (or what it throws); the error kept for telemetry. */
export function failure(state: ToolCallState, error: Error): ToolResponse {
  state.error = error;
  const { id, name } = state.call;
  return { id, name, result: state.scope.settings.processor.process(error), isError: true };
}
