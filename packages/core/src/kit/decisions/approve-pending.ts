import type { ApprovalStore } from '../../approvals/types.js';
import type { Attempt } from '../../authorizer/types.js';
import { decidePending } from './decide-pending.js';

/**
 * Turns an approval the framework reports (an AI SDK `tool-approval-response`) into a
 * store grant, bound to the proposal hash: only when the store holds a PENDING proposal
 * for this very call and hash, and no proposal for the same call and hash was decided
 * before (replaying the same messages cannot mint a second grant). Edited arguments hash
 * differently: nothing is granted. True when granted; false also when another decider
 * came first ({@link decidePending}).
 */
export async function approvePending(
  store: ApprovalStore | undefined,
  attempt: Attempt,
  decision: { approver: string; note?: string },
): Promise<boolean> {
  if (store === undefined) return false;
  const pending = await store.findPending(attempt.proposalHash);
  if (pending === undefined || pending.toolCallId !== attempt.toolCallId) return false;
  // an indexed lookup by hash; the row checks stay for a store without the filter
  const sameHash = await store.listProposals({ status: 'all', proposalHash: attempt.proposalHash });
  const decidedBefore = sameHash.some(
    (p) =>
      p.proposalHash === attempt.proposalHash &&
      p.toolCallId === attempt.toolCallId &&
      p.status !== 'pending',
  );
  if (decidedBefore) return false;
  return decidePending(store, attempt.proposalHash, {
    decision: 'approve',
    approver: decision.approver,
    ...(decision.note !== undefined ? { note: decision.note } : {}),
    proposalId: pending.id,
  });
}
