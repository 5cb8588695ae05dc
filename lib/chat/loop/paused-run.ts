import type { FinishReason, Usage } from '../model/chat-response';
import type { Message, ToolCall, ToolResponse } from '../model/messages';
import type { ApprovalDecision, PendingApproval } from '../ports/pending-approval';

/** One call of the paused round that waits for approval. */
export interface PausedCall {
  readonly approvalId: string;
  /** Its position among the round's tool calls. */
  readonly index: number;
  readonly toolCall: ToolCall;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/**
 * Everything needed to continue a chat call that paused for approval, on any replica: kept server-side only (the
 * approval store), serialized by `encodePausedRun`. The tool context is not kept: the call that resumes brings its own.
 */
export interface PausedRun {
  readonly id: string;
  /** Who asked (see `ApprovalOptions.callerId`). */
  readonly callerId?: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The conversation up to the model message that asked for the tools, that message included. */
  readonly history: readonly Message[];
  readonly round: number;
  readonly usage?: Usage;
  readonly finishReason: FinishReason;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly counter: { readonly total: number; readonly perTool: Readonly<Record<string, number>> };
  readonly records: readonly {
    readonly round: number;
    readonly toolCall: ToolCall;
    readonly toolResponse: ToolResponse;
  }[];
  /** The round's results so far, in call order; `null` for the calls waiting for approval. */
  readonly responses: readonly (ToolResponse | null)[];
  readonly pending: readonly PausedCall[];
  /** The advise context of the request (conversation id…). */
  readonly context: Readonly<Record<string, unknown>>;
}

/** Every approval of a run, decided: what the replica that continues it receives. */
export interface DecidedRun {
  readonly run: PausedRun;
  readonly decisions: ReadonlyMap<string, ApprovalDecision>;
}

/** The approvals of a paused run still open, as `call()` returns them. */
export function pendingApprovalsOf(
  run: PausedRun,
  decided: ReadonlySet<string> = new Set(),
): PendingApproval[] {
  const expiresAt = new Date(run.expiresAt).toISOString();
  return run.pending
    .filter((call) => !decided.has(call.approvalId))
    .map((call) => ({
      id: call.approvalId,
      toolName: call.toolCall.name,
      toolCallId: call.toolCall.id,
      arguments: call.arguments,
      expiresAt,
    }));
}
