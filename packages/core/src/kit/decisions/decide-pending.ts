import type { ApprovalDecisionInput, ApprovalStore } from '../../approvals/types.js';
import { ApprovalError } from '../../errors.js';

/**
 * Records a human decision on the pending proposal `proposalHash` (bound to `proposalId`
 * when given, so a stale screen cannot decide a later identical proposal). False when
 * the proposal is no longer pending (someone decided first, or it is unknown): the call's
 * attempt then reads the store's answer at its next `check`/`authorize`. Every other
 * store error (invalid approver, note, uses) is thrown.
 */
export async function decidePending(
  store: ApprovalStore,
  proposalHash: string,
  input: ApprovalDecisionInput,
): Promise<boolean> {
  try {
    await store.decide(proposalHash, input);
    return true;
  } catch (error) {
    const code = ApprovalError.isInstance(error) ? error.code : undefined;
    if (code === 'proposal_not_pending' || code === 'proposal_not_found') return false;
    throw error;
  }
}
