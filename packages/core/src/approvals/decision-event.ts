import type { AuditEvent } from '../audit/types.js';
import type { ApprovalGrant } from './types.js';

/**
 * The audit event a store appends after `decide`: `approval_granted` or `approval_rejected`,
 * or `approval_voted` for a four-eyes approval that does not complete the rule yet. Four-eyes
 * decisions carry `data.approvals` (`received` of `required`). Payload-free: ids, hashes,
 * names and the approver's note only.
 */
export function decisionEvent(
  proposal: { agent: string; tool: string; toolCallId: string },
  grant: ApprovalGrant,
): AuditEvent {
  const progress = grant.approvals;
  const voted =
    grant.decision === 'approve' &&
    progress !== undefined &&
    progress.received.length < progress.required;
  return {
    type: voted
      ? 'approval_voted'
      : grant.decision === 'approve'
        ? 'approval_granted'
        : 'approval_rejected',
    agent: proposal.agent,
    tool: proposal.tool,
    toolCallId: proposal.toolCallId,
    proposalId: grant.proposalId,
    proposalHash: grant.proposalHash,
    bindingHash: grant.bindingHash,
    decision: grant.decision,
    approver: grant.approver,
    ...(grant.note !== undefined ? { note: grant.note } : {}),
    ...(progress
      ? { data: { approvals: { received: progress.received.length, required: progress.required } } }
      : {}),
  };
}
