import type { Authorizer } from '../../authorizer/types.js';
import {
  APPROVAL_REQUEST_KIND,
  type ApprovalRequest,
  type DecisionRefusal,
  type PendingCall,
  type ProposalView,
} from './types.js';

function viewOf({ proposal: p, toolCallId }: PendingCall, toolCallIds: string[]): ProposalView {
  return {
    id: p.id,
    toolCallId,
    toolCallIds,
    tool: p.tool,
    proposalHash: p.proposalHash,
    bindingHash: p.bindingHash,
    arguments: p.parsedArguments,
    argsCanonicalJson: p.argsCanonicalJson,
    reason: p.reason,
    createdAt: p.createdAt,
    ...(p.originalArguments !== undefined ? { originalArguments: p.originalArguments } : {}),
  };
}

/**
 * What to show the human: each pending proposal once. Identical calls in one message
 * share a proposal; its `toolCallIds` lists them all, and an approval runs each of them
 * once. `refused`: why the previous decision value was not applied.
 */
export function approvalRequest(
  agent: string,
  pending: readonly PendingCall[],
  refused?: readonly DecisionRefusal[],
): ApprovalRequest {
  const byHash = new Map<string, string[]>();
  const proposals: ProposalView[] = [];
  for (const item of pending) {
    const ids = byHash.get(item.proposal.proposalHash);
    if (ids) {
      ids.push(item.toolCallId);
      continue;
    }
    const first = [item.toolCallId];
    byHash.set(item.proposal.proposalHash, first);
    proposals.push(viewOf(item, first));
  }
  return {
    kind: APPROVAL_REQUEST_KIND,
    version: 1,
    agent,
    proposals,
    ...(refused ? { refused: [...refused] } : {}),
  };
}

/** Records each refused decision as an `approval_mismatched` audit event (`resume_refused:<code>`). */
export async function auditDecisionRefusals<Context>(
  authorizer: Authorizer<Context>,
  refused: readonly DecisionRefusal[],
): Promise<void> {
  for (const r of refused) {
    await authorizer.audit?.append({
      type: 'approval_mismatched',
      agent: authorizer.agent,
      ...(r.proposalHash !== undefined ? { proposalHash: r.proposalHash } : {}),
      reason: `resume_refused:${r.code}`,
    });
  }
}
