import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { makeProposal, sleep } from './store-fixtures.js';

async function approved(fx: () => ApprovalStoreFixture, uses?: number, separateBinding = false) {
  const { store } = fx();
  const proposal = await makeProposal({ separateBinding });
  await store.suspend(proposal);
  await store.decide(proposal.proposalHash, {
    decision: 'approve',
    approver: 'alice',
    ...(uses === undefined ? {} : { uses }),
  });
  return proposal;
}

/** Grants: consume, uses, rejection, expiry, binding hash and atomicity. */
export function grantCases(fx: () => ApprovalStoreFixture): void {
  it('consume without any decision finds no grant', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    await store.suspend(proposal);
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
  });

  it('a single-use grant is consumed once, then used up', async () => {
    const { store } = fx();
    const proposal = await approved(fx);
    const first = await store.consume(proposal.bindingHash, { agent: proposal.agent });
    expect(first).toMatchObject({
      ok: true,
      grant: { decision: 'approve', usesLeft: 0, proposalId: proposal.id },
    });
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'used_up',
    });
    expect((await store.getProposal(proposal.id))?.status).toBe('consumed');
  });

  it('peek reports what consume would take without using it up', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    expect(await store.peek(proposal.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
    await store.suspend(proposal);
    await store.decide(proposal.proposalHash, { decision: 'approve', approver: 'alice' });
    const seen = await store.peek(proposal.bindingHash);
    expect(seen).toMatchObject({ live: true, grant: { usesLeft: 1, proposalId: proposal.id } });
    expect(await store.peek(proposal.bindingHash)).toEqual(seen);
    expect((await store.consume(proposal.bindingHash, { agent: proposal.agent })).ok).toBe(true);
    expect(await store.peek(proposal.bindingHash)).toEqual({ live: false, reason: 'used_up' });
    const rejected = await makeProposal();
    await store.suspend(rejected);
    await store.decide(rejected.proposalHash, { decision: 'reject', approver: 'bob' });
    expect(await store.peek(rejected.bindingHash)).toEqual({ live: false, reason: 'rejected' });
  });

  it('a grant with uses: 3 allows exactly three executions', async () => {
    const { store } = fx();
    const proposal = await approved(fx, 3);
    const left: number[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await store.consume(proposal.bindingHash, { agent: proposal.agent });
      if (!result.ok) throw new Error(`consume ${i} failed: ${result.reason}`);
      left.push(result.grant.usesLeft);
    }
    expect(left).toEqual([2, 1, 0]);
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'used_up',
    });
  });

  it('a rejection never matches', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const grant = await store.decide(proposal.proposalHash, {
      decision: 'reject',
      approver: 'bob',
      note: 'no',
    });
    expect(grant).toMatchObject({
      decision: 'reject',
      approver: 'bob',
      note: 'no',
      proposalHash: proposal.proposalHash,
      usesLeft: 0,
    });
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'rejected',
    });
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'rejected',
    });
    expect((await store.getProposal(proposal.id))?.status).toBe('rejected');
  });

  it('grants bind to the binding hash, not the proposal hash', async () => {
    const { store } = fx();
    const proposal = await approved(fx, 1, true);
    expect(proposal.bindingHash).not.toBe(proposal.proposalHash);
    expect(await store.consume(proposal.proposalHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    expect((await store.consume(proposal.bindingHash, { agent: proposal.agent })).ok).toBe(true);
  });

  it('a live rejection wins over a live approval for the same binding hash', async () => {
    const { store } = fx();
    const base = await makeProposal({ separateBinding: true });
    const twin = { ...(await makeProposal()), bindingHash: base.bindingHash };
    await store.suspend(base);
    await store.suspend(twin);
    await store.decide(base.proposalHash, { decision: 'approve', approver: 'alice', uses: 3 });
    expect((await store.consume(base.bindingHash, { agent: base.agent })).ok).toBe(true);
    await store.decide(twin.proposalHash, { decision: 'reject', approver: 'bob' });
    expect(await store.consume(base.bindingHash, { agent: base.agent })).toEqual({
      ok: false,
      reason: 'rejected',
    });
    expect(await store.peek(base.bindingHash)).toEqual({ live: false, reason: 'rejected' });
  });

  it('a grant for another call never matches', async () => {
    const { store } = fx();
    await approved(fx);
    const other = await makeProposal();
    expect(await store.consume(other.bindingHash, { agent: other.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
  });

  it('an expired grant no longer matches', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const expiresAt = new Date(Date.now() + 2500);
    const grant = await store.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      expiresAt,
    });
    expect(Date.parse(grant.expiresAt ?? '')).toBe(expiresAt.getTime());
    await sleep(expiresAt.getTime() - Date.now() + 400);
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await store.peek(proposal.bindingHash)).toEqual({ live: false, reason: 'expired' });
    expect((await store.getProposal(proposal.id))?.status).toBe('expired');
    const expired = await store.listProposals({ status: 'expired' });
    expect(expired.map((p) => p.id)).toContain(proposal.id);
  });

  it('an unexpired grant with an expiry still matches', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await store.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      expiresAt,
    });
    expect((await store.consume(proposal.bindingHash, { agent: proposal.agent })).ok).toBe(true);
  });

  it('100 concurrent consumes of a single-use grant: exactly one wins', async () => {
    const { store } = fx();
    const proposal = await approved(fx);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        store.consume(proposal.bindingHash, { agent: proposal.agent }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.reason).toBe('used_up');
  });

  it('concurrent consumes of a 5-use grant: exactly five win', async () => {
    const { store } = fx();
    const proposal = await approved(fx, 5);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        store.consume(proposal.bindingHash, { agent: proposal.agent }),
      ),
    );
    const wins = results.filter((r) => r.ok);
    expect(wins).toHaveLength(5);
    const left = wins.map((r) => (r.ok ? r.grant.usesLeft : -1)).sort();
    expect(left).toEqual([0, 1, 2, 3, 4]);
  });
}
