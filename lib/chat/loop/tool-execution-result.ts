import type { CallTelemetry } from '../ports/chat-telemetry';
import type { ApprovalDecision } from '../ports/pending-approval';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { AssistantMessage, Message, ToolCall, ToolResponse } from '../model/messages';
import type { ToolCallHooks } from './tool-call-hooks';
import type { ToolElicitationEvent, ToolProgressEvent, ToolRetryEvent } from './tool-call-progress-event';

/** Progress of the tool calls of one round, as `ToolCallingManager.executeToolCalls()` runs them. */
export type ToolCallEvent =
  | { readonly type: 'tool-call-started'; readonly round: number; readonly toolCall: ToolCall }
  | { readonly type: 'tool-result'; readonly round: number; readonly toolResponse: ToolResponse }
  | { readonly type: 'tool-error'; readonly round: number; readonly toolResponse: ToolResponse }
  | ToolResultTruncatedEvent
  | ToolProgressEvent
  | ToolRetryEvent
  | ToolElicitationEvent;

/**
 * A call's result was longer than its `maxResultChars` and was cut, with a marker the model reads (before the
 * call's `tool-result` or `tool-error`, which carries the cut text).
 */
export interface ToolResultTruncatedEvent {
  /** Marks the event. */
  readonly type: 'tool-result-truncated';
  /** 1-based number of the model request whose response asked for the call. */
  readonly round: number;
  /** The call whose result was cut. */
  readonly toolCall: ToolCall;
  /** The length of the whole result, in UTF-16 code units (JavaScript characters). */
  readonly resultChars: number;
  /** The limit that applied (the tool's own, or `limits.maxResultChars`). */
  readonly maxResultChars: number;
}

/** Tool calls run so far in one chat call, in total and per tool: what the call limits are checked against. */
export interface ToolCallCounts {
  /** Calls counted so far, every tool together. */
  readonly total: number;
  /** Calls of this tool counted so far. */
  of(toolName: string): number;
  /** Counts one call of this tool. */
  add(toolName: string): void;
}

/** The tool calls of one model response, and what they may run with. */
export interface ToolRoundInput {
  /** The messages of the request the model answered (ending with `message` or not: it is not added twice). */
  readonly history: readonly Message[];
  /** The model's answer, whose `toolCalls` are run. */
  readonly message: AssistantMessage;
  /** The tools attached to the request, by name. Only these can run. */
  readonly tools: ReadonlyMap<string, ToolCallback> | readonly ToolCallback[];
  /** Handed to the tools, with each call's abort signal. Never sent to the model. */
  readonly context?: ToolContext;
  /** The request's signal: aborting it aborts the running tools and rejects with its reason. */
  readonly signal?: AbortSignal;
  /** Hooks of the request (after the manager's own). */
  readonly hooks?: readonly ToolCallHooks[];
  /** Counts of earlier rounds of the same chat call, for the limits; a fresh count when absent. */
  readonly counter?: ToolCallCounts;
  /** 1-based number of the model request answered; 1 when absent. */
  readonly round?: number;
  /** Called as calls start and finish (streaming). */
  readonly onEvent?: (event: ToolCallEvent) => void;
  /** The chat call's telemetry, which gets one child per tool call. */
  readonly telemetry?: CallTelemetry;
  /**
   * A round that paused for approval, continued: its results so far, and the decisions by call position.
   * @internal Set by the loop when it resumes a paused run.
   */
  readonly resumption?: RoundResumption;
}

/**
 * What a round that paused for approval continues with.
 * @internal
 */
export interface RoundResumption {
  /** Results of the calls that ran before the pause (`null` for the ones that waited). */
  readonly responses: readonly (ToolResponse | null)[];
  readonly decisions: ReadonlyMap<number, ApprovalDecision>;
}

/** A call of the round that waits for a person's approval. */
export interface ToolCallAwaitingApproval {
  /** Its position among the round's tool calls. */
  readonly index: number;
  /** The call as the model sent it. */
  readonly toolCall: ToolCall;
  /** Parsed and validated. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** The outcome of one round of tool calls (Spring AI's `ToolExecutionResult`). */
export interface ToolExecutionResult {
  /** `history`, the model's message, and one tool message with every result in call order. */
  readonly conversationHistory: readonly Message[];
  /** The results, in the order of the model's tool calls. */
  readonly toolResponses: readonly ToolResponse[];
  /**
   * `true` when every call of the round targeted a `returnDirect` tool and succeeded: the chat call then ends with
   * these results instead of another model request.
   */
  readonly returnDirect: boolean;
  /**
   * Calls that need approval and were not run: the round is paused. `conversationHistory` then ends with the model's
   * message and `toolResponses` has no entry at their positions.
   */
  readonly awaitingApproval?: readonly ToolCallAwaitingApproval[];
}

/**
 * The old name of `ToolRoundInput`.
 * @deprecated Renamed `ToolRoundInput` in 0.2; this alias goes in 0.3.
 */
export type ToolExecutionInput = ToolRoundInput;

/**
 * The old name of `ToolCallEvent`.
 * @deprecated Renamed `ToolCallEvent` in 0.2; this alias goes in 0.3.
 */
export type ToolExecutionEvent = ToolCallEvent;
