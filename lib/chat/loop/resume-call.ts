import { ApprovalCallerUnknownError } from '../../errors/approval-caller-unknown.error';
import { ApprovalAlreadyDecidedError } from '../../errors/approval-already-decided.error';
import { ApprovalExpiredError } from '../../errors/approval-expired.error';
import { ApprovalForbiddenError } from '../../errors/approval-forbidden.error';
import { ApprovalNotFoundError } from '../../errors/approval-not-found.error';
import { InvalidApprovalDecisionError } from '../../errors/invalid-approval-decision.error';
import type { DecideOutcome, ApprovalLookup } from '../ports/approval-store';
import type { ApprovalDecision } from '../ports/pending-approval';
import { pendingApprovalsOf } from './paused-run';
import { decodePausedRun } from './paused-run.codec';
import type { AssistantMessage } from '../model/messages';
import type { ChatClientResponse } from '../ports/chat-client-response';
import type { ChatRequest } from './chat-request';
import { approvalStoreOf, callerIdentity } from './approval-options';

const MAX_ID_LENGTH = 128;
const MAX_REASON_LENGTH = 2000;

function checkDecision(decision: ApprovalDecision): ApprovalDecision {
  const { approved, reason } = (decision ?? {}) as Partial<ApprovalDecision>;
  if (typeof approved !== 'boolean' || (reason !== undefined && typeof reason !== 'string'))
    throw new InvalidApprovalDecisionError();
  const trimmed = reason?.trim().slice(0, MAX_REASON_LENGTH);
  return trimmed ? { approved, reason: trimmed } : { approved };
}

function refuse(outcome: Exclude<ApprovalLookup | DecideOutcome, { run: unknown }>): never {
  if (outcome.status === 'decided') throw new ApprovalAlreadyDecidedError(outcome.toolName);
  if (outcome.status === 'expired')
    throw new ApprovalExpiredError(outcome.toolName, new Date(outcome.expiresAt));
  throw new ApprovalNotFoundError();
}

/**
 * Decides one approval for the caller of `request`: checks that the caller has an id (before the store is asked,
 * so a caller without one learns nothing of the approval), that it exists, is open and is theirs to decide (the
 * `mayDecide` policy), records the decision once, and returns either the request that continues the run (every
 * approval of its round decided) or the answer that lists the approvals still open.
 */
export async function decideApproval(
  request: ChatRequest,
  approvalId: string,
  decision: ApprovalDecision,
): Promise<ChatRequest | ChatClientResponse> {
  const checked = checkDecision(decision);
  if (typeof approvalId !== 'string' || approvalId === '' || approvalId.length > MAX_ID_LENGTH)
    throw new ApprovalNotFoundError();
  const { mayDecide } = request.approvals;
  const store = approvalStoreOf(request.approvals);
  const callerRequest = request.scope()?.request;
  const callerId = callerIdentity(request.approvals, callerRequest);
  if (callerId === undefined) throw new ApprovalCallerUnknownError('decide');
  const found = await store.find(approvalId);
  if (found.status !== 'pending') refuse(found);
  // Read before deciding: a run this version cannot continue is refused while its approval is still open.
  const paused = decodePausedRun(found.run);
  const call = paused.pending.find((pending) => pending.approvalId === approvalId);
  if (!call) throw new ApprovalNotFoundError();
  const allowed = await mayDecide(
    { toolName: call.toolCall.name, arguments: call.arguments, callerId: paused.callerId },
    { id: callerId, request: callerRequest },
  );
  if (!allowed) throw new ApprovalForbiddenError(call.toolCall.name);
  const outcome = await store.decide(approvalId, checked);
  if (outcome.status === 'complete') {
    const run = decodePausedRun(outcome.run);
    return {
      ...request,
      messages: run.history,
      adviseContext: { ...request.adviseContext, ...run.context },
      resumption: { run, decisions: outcome.decisions },
    };
  }
  if (outcome.status !== 'waiting') refuse(outcome);
  const run = decodePausedRun(outcome.run);
  const message = run.history[run.history.length - 1] as AssistantMessage;
  return {
    message,
    finishReason: run.finishReason,
    usage: run.usage,
    metadata: run.metadata,
    text: '',
    history: run.history,
    toolExecutions: run.records,
    rounds: run.round,
    stopReason: 'awaiting-approval',
    pendingToolCalls: [],
    pendingApprovals: pendingApprovalsOf(run, outcome.decided),
    context: run.context,
  };
}
