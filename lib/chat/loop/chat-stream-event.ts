import type { PendingApproval } from '../ports/pending-approval';
import type { StopReason } from '../ports/chat-client-response';
import type { FinishReason, Usage } from '../model/chat-response';
import type { ToolCall } from '../model/messages';
import type { ToolCallEvent } from './tool-execution-result';
import type { ToolProgressEvent, ToolRetryEvent } from './tool-call-progress-event';

export type { ToolElicitationEvent, ToolProgressEvent, ToolRetryEvent } from './tool-call-progress-event';

/** Text of the answer as it arrives (and, at the end, the results of `returnDirect` tools as one delta). */
export interface TextDeltaEvent {
  /** Marks the event. */
  readonly type: 'text-delta';
  /** 1-based number of the model request. */
  readonly round: number;
  /** The new text. */
  readonly text: string;
}

/**
 * A piece of a tool call's arguments as the model streams them (before its `tool-call-started`). The pieces of one
 * call, joined in order, are its arguments text.
 */
export interface ToolInputDeltaEvent {
  /** Marks the event. */
  readonly type: 'tool-input-delta';
  /** 1-based number of the model request. */
  readonly round: number;
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The name of the tool the model is calling. */
  readonly toolName: string;
  /** The new text of the arguments. */
  readonly delta: string;
}

/** A model response is complete (before its tool calls run). */
export interface RoundFinishedEvent {
  /** Marks the event. */
  readonly type: 'round-finished';
  /** 1-based number of the model request. */
  readonly round: number;
  /** Why the model stopped. */
  readonly finishReason: FinishReason;
  /** Tokens of this request, when the provider says. */
  readonly usage?: Usage;
}

/** Calls wait for a person's decision: the call paused (`chat.resume(id, decision)` goes on); `finished` follows. */
export interface ApprovalRequiredEvent {
  /** Marks the event. */
  readonly type: 'approval-required';
  /** 1-based number of the model request whose tool calls wait. */
  readonly round: number;
  /** The calls waiting, with the ids `chat.resume()` takes. */
  readonly approvals: readonly PendingApproval[];
}

/** The chat call is over. */
export interface FinishedEvent {
  /** Marks the event. */
  readonly type: 'finished';
  /** The whole answer (see `ChatClientResponse.text`). */
  readonly text: string;
  /** Of the last model response. */
  readonly finishReason: FinishReason;
  /** Summed over every round. */
  readonly usage?: Usage;
  /** Model requests made. */
  readonly rounds: number;
  /** Why the call ended (see `ChatClientResponse.stopReason`). */
  readonly stopReason: StopReason;
  /** `true` when the call ended with tool results (`returnDirect` tools, a `hasToolCall` stop condition). */
  readonly returnDirect: boolean;
  /** Tool calls left to the caller (`internalToolExecution: false`). */
  readonly pendingToolCalls: readonly ToolCall[];
  /** Calls waiting for approval (also announced by `approval-required`). */
  readonly pendingApprovals: readonly PendingApproval[];
}

/**
 * What `stream().events()` yields, in order, for each round: `text-delta`s and `tool-input-delta`s as the model
 * writes, `round-finished`, then for each tool call `tool-call-started` (with the arguments), its `tool-progress` and
 * `tool-retry` events, and `tool-result` or `tool-error` (as calls finish, so interleaved when they run in
 * parallel); `approval-required` when calls wait for a decision; and `finished` last. No event carries the tool context or the system prompt.
 */
export type ChatStreamEvent =
  | TextDeltaEvent
  | RoundFinishedEvent
  | ToolInputDeltaEvent
  | ToolCallEvent
  | ToolProgressEvent
  | ToolRetryEvent
  | ApprovalRequiredEvent
  | FinishedEvent;
