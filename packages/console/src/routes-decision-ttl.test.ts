import { describe, expect, it } from 'vitest';
import { ALICE, makeConsole } from './__fixtures__/console-fixture.js';

const YEAR_MS = 365 * 24 * 3600_000;

describe('POST /api/proposals/:id/decision with ttlMs', () => {
  it('passes the duration to the store, whose clock (not the browser or console clock) sets the expiry', async () => {
    // The store's clock runs a year behind this process: a browser (or console) that turned
    // the duration into an absolute time itself would give a grant a year too long.
    const storeNow = () => new Date(Date.now() - YEAR_MS);
    const cx = makeConsole({ now: storeNow });
    const seen: unknown[] = [];
    const decide = cx.store.decide.bind(cx.store);
    cx.store.decide = (hash, input) => {
      seen.push(input);
      return decide(hash, input);
    };
    const p = await cx.pending({ orderId: 'o-ttl', amount: 70 });
    const ttlMs = 15 * 60_000;
    const before = storeNow().getTime();
    const res = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: ALICE,
      body: { decision: 'approve', proposalHash: p.proposalHash, ttlMs },
    });
    const after = storeNow().getTime();
    expect(res.status).toBe(200);
    const { grant } = (await res.json()) as { grant: { expiresAt: string } };
    const expires = Date.parse(grant.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + ttlMs);
    expect(expires).toBeLessThanOrEqual(after + ttlMs);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ ttlMs });
    expect('expiresAt' in (seen[0] as object)).toBe(false);
  });
});
