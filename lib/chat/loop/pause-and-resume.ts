import { randomBytes } from 'node:crypto';
import { approvalStoreOf, callerIdentity, type ResolvedApprovalOptions } from './approval-options';
import { ApprovalCallerUnknownError } from '../../errors/approval-caller-unknown.error';
import type { PendingApproval } from '../ports/pending-approval';
import { pendingApprovalsOf, type DecidedRun, type PausedRun } from './paused-run';
import { encodePausedRun } from './paused-run.codec';
import type { ChatResponse, FinishReason, Usage } from '../model/chat-response';
import type { AssistantMessage, Message, ToolResponse } from '../model/messages';
import type { ToolCallRecord } from '../ports/chat-client-response';
import { ToolCallCounter } from './tool-call-counter';
import type { RoundResumption, ToolCallAwaitingApproval } from './tool-execution-result';

/** 256 random bits: ids cannot be guessed, and say nothing of the run. */
export function newApprovalId(): string {
  return randomBytes(32).toString('base64url');
}

/** What a paused round saves: the run's state when its calls that need approval are set aside. */
export interface RunSnapshot {
  readonly history: readonly Message[];
  readonly round: number;
  readonly usage?: Usage;
  readonly finishReason: FinishReason;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly counter: ToolCallCounter;
  readonly records: readonly ToolCallRecord[];
  readonly responses: readonly (ToolResponse | undefined)[];
  readonly awaiting: readonly ToolCallAwaitingApproval[];
  readonly context: Readonly<Record<string, unknown>>;
  /** The HTTP request of the call, for `callerId`. */
  readonly request: unknown;
}

/**
 * Saves a paused round to the approval store (all of it or nothing) and returns its pending approvals. A caller
 * without an id is refused before anything is stored: nobody could be told apart as the one to decide.
 */
export async function pauseRun(
  snapshot: RunSnapshot,
  approvals: ResolvedApprovalOptions,
): Promise<PendingApproval[]> {
  const store = approvalStoreOf(approvals);
  const callerId = callerIdentity(approvals, snapshot.request);
  if (callerId === undefined)
    throw new ApprovalCallerUnknownError('pause', [
      ...new Set(snapshot.awaiting.map((call) => call.toolCall.name)),
    ]);
  const now = Date.now();
  const run: PausedRun = {
    id: newApprovalId(),
    callerId,
    createdAt: now,
    expiresAt: now + approvals.ttlMs,
    history: snapshot.history,
    round: snapshot.round,
    ...(snapshot.usage && { usage: snapshot.usage }),
    finishReason: snapshot.finishReason,
    ...(snapshot.metadata && { metadata: snapshot.metadata }),
    counter: snapshot.counter.toJSON(),
    records: snapshot.records,
    responses: Array.from(snapshot.responses, (response) => response ?? null),
    pending: snapshot.awaiting.map((call) => ({
      approvalId: newApprovalId(),
      index: call.index,
      toolCall: call.toolCall,
      arguments: call.arguments,
    })),
    context: snapshot.context,
  };
  await store.save({
    id: run.id,
    expiresAt: run.expiresAt,
    callerId,
    approvals: run.pending.map((call) => ({ id: call.approvalId, toolName: call.toolCall.name })),
    run: encodePausedRun(run),
  });
  return pendingApprovalsOf(run);
}

/** Where a run that continues a paused round starts from: its state then, and the round's results and decisions. */
export interface RestoredRun {
  readonly history: readonly Message[];
  readonly rounds: number;
  readonly usage?: Usage;
  /** The model response that asked for the paused round's tool calls. */
  readonly last: ChatResponse;
  readonly counter: ToolCallCounter;
  readonly records: ToolCallRecord[];
  readonly resumption: RoundResumption;
}

/** The state a run resumes with, once every approval of its paused round is decided. */
export function restoreRun({ run, decisions }: DecidedRun): RestoredRun {
  const message = run.history[run.history.length - 1] as AssistantMessage;
  return {
    history: run.history,
    rounds: run.round,
    usage: run.usage,
    last: { message, finishReason: run.finishReason, metadata: run.metadata },
    counter: ToolCallCounter.from(run.counter),
    records: [...run.records],
    resumption: {
      responses: run.responses,
      decisions: new Map(run.pending.map((call) => [call.index, decisions.get(call.approvalId)!])),
    },
  };
}
