import type { ApprovalStore, StoredProposal } from '../approvals/types.js';
import type { Attempt } from '../authorizer/types.js';

/**
 * The pending proposal an attempt stands for: the latest proposal the store holds for
 * its call (agent, tool, toolCallId; an indexed lookup), when that one is pending and
 * has the attempt's hash. `undefined` otherwise (changed arguments, decided, no store).
 */
export async function pendingProposalOf(
  store: ApprovalStore | undefined,
  attempt: Attempt,
): Promise<StoredProposal | undefined> {
  const { agent, toolCallId } = attempt;
  const latest = await store?.latestProposalForCall({ agent, tool: attempt.tool.name, toolCallId });
  return latest?.status === 'pending' && latest.proposalHash === attempt.proposalHash
    ? latest
    : undefined;
}
