import type { ApprovalStore } from '@argseal/core';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal } from './store-fixtures.js';

async function snapshot(store: ApprovalStore) {
  return JSON.stringify(await store.listProposals({ status: 'all' }));
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** listProposals({ proposalHash }): the lookup behind the kit's replay check (approvePending). */
export function byHashCases(fx: () => ApprovalStoreFixture): void {
  it('listProposals by proposalHash returns every proposal with that hash, in any status, and nothing else', async () => {
    const { store } = fx();
    const first = { ...(await makeProposal()), createdAt: ago(3000) };
    await store.suspend(first);
    await store.decide(first.proposalHash, { decision: 'approve', approver: 'alice' });
    // the same call and arguments again (a replay): a new pending proposal with the same hash
    const again = { ...first, id: `${first.id}-again`, createdAt: ago(1000) };
    await store.suspend(again);
    const other = await makeProposal();
    await store.suspend(other);

    const all = await store.listProposals({ status: 'all', proposalHash: first.proposalHash });
    expect(all.map((p) => [p.id, p.status, p.toolCallId])).toEqual([
      [again.id, 'pending', first.toolCallId],
      [first.id, 'approved', first.toolCallId],
    ]);
    const approved = await store.listProposals({
      status: 'approved',
      proposalHash: first.proposalHash,
    });
    expect(approved.map((p) => p.id)).toEqual([first.id]);
    expect(
      (await store.listProposals({ proposalHash: other.proposalHash })).map((p) => p.id),
    ).toEqual([other.id]);
    expect(await store.listProposals({ proposalHash: '0'.repeat(64) })).toEqual([]);
  });

  it('a malformed proposalHash filter is refused with invalid_proposal_hash', async () => {
    const { store } = fx();
    await store.suspend(await makeProposal());
    const before = await snapshot(store);
    for (const proposalHash of ['', 'x', 'A'.repeat(64), `${'0'.repeat(63)}g`, 7, null]) {
      await expectCode(
        () => store.listProposals({ proposalHash } as never),
        'invalid_proposal_hash',
      );
    }
    expect(await snapshot(store)).toBe(before);
  });
}
