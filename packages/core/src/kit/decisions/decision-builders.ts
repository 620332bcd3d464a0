import type { JsonObject } from '../../json/types.js';
import type { HumanDecision, ProposalView } from './types.js';

/** The proposal a decision names: its id and hash, as in a {@link ProposalView}. */
export type ProposalRef = Pick<ProposalView, 'id' | 'proposalHash'>;

/** Who decided (falls back to the decision set's `approver`) and an optional note. */
export interface DecisionOptions {
  approver?: string;
  note?: string;
}

function base(p: ProposalRef, o: DecisionOptions | undefined) {
  return {
    proposalHash: p.proposalHash,
    proposalId: p.id,
    ...(o?.approver !== undefined ? { approver: o.approver } : {}),
    ...(o?.note !== undefined ? { note: o.note } : {}),
  };
}

/** Approve exactly this proposal (its hash and id). */
export function approveProposal(proposal: ProposalRef, options?: DecisionOptions): HumanDecision {
  return { type: 'approve', ...base(proposal, options) };
}

/** Reject this proposal; `note` is shown to the model. */
export function rejectProposal(proposal: ProposalRef, options?: DecisionOptions): HumanDecision {
  return { type: 'reject', ...base(proposal, options) };
}

/**
 * Replace this proposal by another call (maybe another tool). The new call gets its
 * own proposal hash and goes through the policy of the tool it targets; the editor's
 * decision counts as the approval of exactly that new hash.
 */
export function editProposal(
  proposal: ProposalRef,
  editedAction: { name: string; args: JsonObject },
  options?: DecisionOptions,
): HumanDecision {
  return { type: 'edit', editedAction, ...base(proposal, options) };
}
