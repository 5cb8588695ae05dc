import { ApprovalStateReadError } from '../../errors/approval-state-read.error';
import type { FinishReason, Usage } from '../model/chat-response';
import type { Message, ToolCall, ToolResponse } from '../model/messages';
import type { ApprovalDecision, PendingApproval } from '../ports/pending-approval';

export const PAUSED_RUN_VERSION = 1;

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
 * approval store), as versioned JSON. The tool context is not kept: the call that resumes brings its own.
 */
export interface PausedRun {
  readonly v: typeof PAUSED_RUN_VERSION;
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

export function serializePausedRun(run: PausedRun): string {
  return JSON.stringify(run);
}

export function parsePausedRun(text: string): PausedRun {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApprovalStateReadError('it is not JSON');
  }
  const run = value as Partial<PausedRun> | null;
  if (typeof run !== 'object' || run === null) throw new ApprovalStateReadError('it is not an object');
  if (run.v !== PAUSED_RUN_VERSION)
    throw new ApprovalStateReadError(`its version ${JSON.stringify(run.v)} is not ${PAUSED_RUN_VERSION}`);
  if (!Array.isArray(run.history) || !Array.isArray(run.pending) || !Array.isArray(run.responses))
    throw new ApprovalStateReadError('it lacks its history, responses or pending calls');
  return run as PausedRun;
}

export function parseDecision(text: string): ApprovalDecision {
  const value = JSON.parse(text) as ApprovalDecision;
  return value.reason === undefined
    ? { approved: value.approved === true }
    : { approved: value.approved === true, reason: value.reason };
}
