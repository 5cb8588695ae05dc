import type { ApprovalDecision } from 'nestjs-tool-calling';
import type { UIMessageLike } from 'nestjs-tool-calling/ai-sdk';

/**
 * The approvals a `useChat` client answered in its last assistant message (`addToolApprovalResponse`), by approval
 * id: what `DurableRuns.resume()` decides.
 */
export function approvalDecisionsOf(message: UIMessageLike): Record<string, ApprovalDecision> {
  const decisions: Record<string, ApprovalDecision> = {};
  for (const part of message.parts) {
    const approval = part.approval;
    if (part.state !== 'approval-responded' || approval?.approved === undefined) continue;
    decisions[approval.id] = {
      approved: approval.approved,
      ...(approval.reason !== undefined && { reason: approval.reason }),
    };
  }
  return decisions;
}
