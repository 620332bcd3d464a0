import type { ApprovalStore, ProposalCallRef } from '../approvals/types.js';

/** A resolved resume: the hash the caller believes was approved, and that proposal's id. */
export interface ResumeBinding {
  proposalHash: string;
  proposalId: string | undefined;
}

/**
 * Resolves `CallOptions.resumeOf` with the store's indexed `latestProposalForCall`: a hash
 * as given (with the proposal id when the latest proposal for the call has that hash), or
 * `true` for the latest proposal for the call. `undefined` when this is not a resume (or
 * `true` found no proposal, or there is no store).
 */
export async function resolveResume(
  store: ApprovalStore | undefined,
  call: ProposalCallRef,
  resumeOf: string | true | undefined,
): Promise<ResumeBinding | undefined> {
  if (resumeOf === undefined) return undefined;
  const latest = store === undefined ? undefined : await store.latestProposalForCall(call);
  if (resumeOf === true) {
    return latest === undefined
      ? undefined
      : { proposalHash: latest.proposalHash, proposalId: latest.id };
  }
  return {
    proposalHash: resumeOf,
    proposalId: latest?.proposalHash === resumeOf ? latest.id : undefined,
  };
}
