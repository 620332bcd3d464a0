import { ApprovalError } from '@argseal/core';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal, sameCall } from './store-fixtures.js';

/** Suspend, dedupe, read back, list and decide. */
export function lifecycleCases(fx: () => ApprovalStoreFixture): void {
  it('suspend stores a pending proposal that reads back equal', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    const stored = await store.suspend(proposal);
    expect(stored).toMatchObject({ ...proposal, status: 'pending' });
    expect(await store.getProposal(proposal.id)).toEqual(stored);
    expect(await store.findPending(proposal.proposalHash)).toEqual(stored);
    expect(await store.getProposal('no-such-proposal')).toBeUndefined();
  });

  it('suspend keeps originalArguments of a rewritten call', async () => {
    const { store } = fx();
    const proposal = { ...(await makeProposal()), originalArguments: '{"amount":9000}' };
    expect((await store.suspend(proposal)).originalArguments).toBe('{"amount":9000}');
    expect((await store.getProposal(proposal.id))?.originalArguments).toBe('{"amount":9000}');
  });

  it('suspend dedupes a pending proposal by proposalHash', async () => {
    const { store } = fx();
    const first = await makeProposal();
    const a = await store.suspend(first);
    const b = await store.suspend(sameCall(first));
    expect(b.id).toBe(a.id);
    const pending = (await store.listPending()).filter(
      (p) => p.proposalHash === first.proposalHash,
    );
    expect(pending).toHaveLength(1);
  });

  it('concurrent suspends of one call leave exactly one pending proposal', async () => {
    const { store } = fx();
    const first = await makeProposal();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.suspend(i === 0 ? first : sameCall(first))),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const all = await store.listProposals({ status: 'all' });
    expect(all.filter((p) => p.proposalHash === first.proposalHash)).toHaveLength(1);
  });

  it('returned proposals are private copies', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    const stored = await store.suspend(proposal);
    (stored.parsedArguments as Record<string, unknown>).amount = 1;
    const again = await store.getProposal(proposal.id);
    expect((again!.parsedArguments as Record<string, unknown>).amount).toBe(120);
  });

  it('lists proposals newest first, by status and with a limit', async () => {
    const { store } = fx();
    const at = (s: number) => `2030-01-01T00:00:0${s}.000Z`;
    const p1 = { ...(await makeProposal()), createdAt: at(1) };
    const p2 = { ...(await makeProposal()), createdAt: at(2) };
    const p3 = { ...(await makeProposal()), createdAt: at(3) };
    for (const p of [p1, p2, p3]) await store.suspend(p);
    await store.decide(p2.proposalHash, { decision: 'reject', approver: 'alice' });
    const ids = new Set([p1.id, p2.id, p3.id]);
    const mine = (list: { id: string }[]) => list.filter((p) => ids.has(p.id)).map((p) => p.id);
    expect(mine(await store.listProposals())).toEqual([p3.id, p2.id, p1.id]);
    expect(mine(await store.listProposals({ status: 'all' }))).toEqual([p3.id, p2.id, p1.id]);
    expect(mine(await store.listProposals({ status: 'pending' }))).toEqual([p3.id, p1.id]);
    expect(mine(await store.listPending())).toEqual([p3.id, p1.id]);
    expect(mine(await store.listProposals({ status: 'rejected' }))).toEqual([p2.id]);
    expect(mine(await store.listProposals({ status: 'approved' }))).toEqual([]);
    expect(await store.listProposals({ status: 'all', limit: 2 })).toHaveLength(2);
  });

  it('a reused proposal id with another hash is refused', async () => {
    const { store } = fx();
    const first = await makeProposal();
    await store.suspend(first);
    const other = { ...(await makeProposal()), id: first.id };
    await expectCode(() => store.suspend(other), 'duplicate_proposal_id');
    expect(await store.findPending(other.proposalHash)).toBeUndefined();
  });

  it('decide approves a pending proposal exactly once', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const grant = await store.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      note: 'looks right',
    });
    expect(grant).toMatchObject({
      proposalId: proposal.id,
      proposalHash: proposal.proposalHash,
      bindingHash: proposal.bindingHash,
      decision: 'approve',
      approver: 'alice',
      note: 'looks right',
      usesLeft: 1,
    });
    expect(Number.isNaN(Date.parse(grant.grantedAt))).toBe(false);
    // Without expiresAt a grant still expires (the store's default lifetime).
    expect(Date.parse(grant.expiresAt ?? '')).toBeGreaterThan(Date.parse(grant.grantedAt));
    const stored = await store.getProposal(proposal.id);
    expect(stored).toMatchObject({ status: 'approved', decidedBy: 'alice' });
    expect(await store.findPending(proposal.proposalHash)).toBeUndefined();
    const error = await expectCode(
      () => store.decide(proposal.proposalHash, { decision: 'reject', approver: 'bob' }),
      'proposal_not_pending',
    );
    expect(ApprovalError.isInstance(error)).toBe(true);
    expect(await store.getProposal(proposal.id)).toMatchObject({
      status: 'approved',
      decidedBy: 'alice',
    });
  });

  it('concurrent decisions on one proposal: exactly one wins', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        store.decide(proposal.proposalHash, {
          decision: i % 2 ? 'reject' : 'approve',
          approver: `a${i}`,
        }),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled) {
      if (s.status === 'rejected')
        expect((s.reason as { code: string }).code).toBe('proposal_not_pending');
    }
  });

  it('a decided call can be suspended again as a new pending proposal', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    await store.decide(proposal.proposalHash, { decision: 'approve', approver: 'alice' });
    expect((await store.consume(proposal.bindingHash, { agent: proposal.agent })).ok).toBe(true);
    const again = sameCall(proposal);
    const stored = await store.suspend(again);
    expect(stored).toMatchObject({ id: again.id, status: 'pending' });
  });

  it('a decision naming a stale proposal id never decides its identical successor', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    await store.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: proposal.id,
    });
    expect((await store.consume(proposal.bindingHash, { agent: proposal.agent })).ok).toBe(true);
    const again = sameCall(proposal);
    await store.suspend(again);
    // a second approver still looking at the first (now consumed) proposal
    await expectCode(
      () =>
        store.decide(proposal.proposalHash, {
          decision: 'approve',
          approver: 'bob',
          proposalId: proposal.id,
        }),
      'proposal_not_pending',
    );
    expect(await store.getProposal(again.id)).toMatchObject({ status: 'pending' });
    expect(await store.peek(again.bindingHash)).toMatchObject({ live: false });
    // naming the pending one decides it
    await store.decide(proposal.proposalHash, {
      decision: 'reject',
      approver: 'bob',
      proposalId: again.id,
    });
    expect(await store.getProposal(again.id)).toMatchObject({ status: 'rejected' });
  });

  it('a malformed proposalId in a decision is refused with invalid_proposal_id', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    await expectCode(
      () =>
        store.decide(proposal.proposalHash, { decision: 'approve', approver: 'a', proposalId: '' }),
      'invalid_proposal_id',
    );
    expect(await store.getProposal(proposal.id)).toMatchObject({ status: 'pending' });
  });
}
