import type { ApprovalStore } from '@argseal/core';
import { MAX_GRANT_TTL_MS } from '@argseal/core/store';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal } from './store-fixtures.js';

const YEAR_MS = 365 * 24 * 3600_000;

async function storeTime(fx: ApprovalStoreFixture): Promise<number> {
  return (await (fx.clock ?? (() => new Date()))()).getTime();
}

async function snapshot(store: ApprovalStore) {
  return JSON.stringify(await store.listProposals({ status: 'all' }));
}

/** Grant lifetimes follow the store's clock (the database's for SQL), never the caller's. */
export function lifetimeCases(fx: () => ApprovalStoreFixture): void {
  it('ttlMs gives an expiry of the store clock plus the duration', async () => {
    const f = fx();
    const proposal = await makeProposal();
    await f.store.suspend(proposal);
    const ttlMs = 15 * 60_000;
    const before = await storeTime(f);
    const grant = await f.store.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      ttlMs,
    });
    const after = await storeTime(f);
    const expires = Date.parse(String(grant.expiresAt));
    // 1 ms of slack each side: SQL clocks carry microseconds, ISO strings milliseconds
    expect(expires).toBeGreaterThanOrEqual(before + ttlMs - 1);
    expect(expires).toBeLessThanOrEqual(after + ttlMs + 1);
    expect((await f.store.peek(proposal.bindingHash)).live).toBe(true);
  });

  it('the longest ttlMs is accepted; bad or over-maximum ttlMs is invalid_ttl and nothing is decided', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const before = await snapshot(store);
    for (const ttlMs of [0, -1, 1.5, Number.NaN, '60000', MAX_GRANT_TTL_MS + 1, YEAR_MS]) {
      await expectCode(
        () =>
          store.decide(proposal.proposalHash, {
            decision: 'approve',
            approver: 'alice',
            ttlMs: ttlMs as number,
          }),
        'invalid_ttl',
      );
    }
    expect(await snapshot(store)).toBe(before);
    expect(await store.peek(proposal.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
    const grant = await store.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      ttlMs: MAX_GRANT_TTL_MS,
    });
    expect(grant.decision).toBe('approve');
  });

  it('expiresAt beyond the store clock plus MAX_GRANT_TTL_MS, or with ttlMs, is invalid_expiry', async () => {
    const f = fx();
    const { store } = f;
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const before = await snapshot(store);
    const now = await storeTime(f);
    const cases: Record<string, unknown>[] = [
      // an approver whose clock runs a year fast asking for "15 minutes"
      { expiresAt: new Date(now + YEAR_MS + 15 * 60_000) },
      { expiresAt: new Date(now + MAX_GRANT_TTL_MS + 60_000).toISOString() },
      { expiresAt: new Date(now + 60_000), ttlMs: 60_000 },
    ];
    for (const extra of cases) {
      await expectCode(
        () => store.decide(proposal.proposalHash, { decision: 'approve', approver: 'a', ...extra }),
        'invalid_expiry',
      );
    }
    expect(await snapshot(store)).toBe(before);
    expect(await store.peek(proposal.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
    const expiresAt = new Date(now + MAX_GRANT_TTL_MS - 60_000);
    const grant = await store.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'a',
      expiresAt,
    });
    expect(grant.expiresAt).toBe(expiresAt.toISOString());
  });
}
