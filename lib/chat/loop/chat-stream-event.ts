import type { PendingApproval } from '../ports/pending-approval';
import type { FinishReason, Usage } from '../model/chat-response';
import type { ToolCall } from '../model/messages';
import type { ToolExecutionEvent } from './tool-execution-result';

/** Text of the answer as it arrives (and, at the end, the results of `returnDirect` tools as one delta). */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly round: number;
  readonly text: string;
}

/** A model response is complete (before its tool calls run). */
export interface RoundFinishedEvent {
  readonly type: 'round-finished';
  readonly round: number;
  readonly finishReason: FinishReason;
  readonly usage?: Usage;
}

/** Calls wait for a person's decision: the call paused (`chat.resume(id, decision)` goes on); `finished` follows. */
export interface ApprovalRequiredEvent {
  readonly type: 'approval-required';
  readonly round: number;
  readonly approvals: readonly PendingApproval[];
}

/** The chat call is over. */
export interface FinishedEvent {
  readonly type: 'finished';
  /** The whole answer (see `ChatClientResponse.text`). */
  readonly text: string;
  readonly finishReason: FinishReason;
  /** Summed over every round. */
  readonly usage?: Usage;
  readonly rounds: number;
  readonly returnDirect: boolean;
  /** Tool calls left to the caller (`internalToolExecution: false`). */
  readonly pendingToolCalls: readonly ToolCall[];
  /** Calls waiting for approval (also announced by `approval-required`). */
  readonly pendingApprovals: readonly PendingApproval[];
}

/**
 * What `stream().events()` yields, in order, for each round: `text-delta`s, `round-finished`, then for each tool
 * call `tool-call-started` (with the arguments) and `tool-result` or `tool-error` (as calls finish, so interleaved
 * when they run in parallel); `approval-required` when calls wait for a decision; and `finished` last. No event carries the tool context or the system prompt.
 */
export type ChatStreamEvent =
  TextDeltaEvent | RoundFinishedEvent | ToolExecutionEvent | ApprovalRequiredEvent | FinishedEvent;
