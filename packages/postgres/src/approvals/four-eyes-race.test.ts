import { makeProposal } from '@argseal/test-kit';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from '../__fixtures__/databases.js';
import { createSqlApprovalStore } from './store.js';

// Four eyes under real concurrency: approvers on separate connections (as separate console
// workers would be) race on one proposal, round after round.
describePostgres('PostgreSQL four eyes with racing approvers', (url) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function workers(n: number) {
    const fresh = await freshPostgresSchema(url);
    cleanups.push(fresh.close);
    const list = await Promise.all(
      Array.from({ length: n }, async () => {
        const client = new pg.Client(fresh.config);
        await client.connect();
        return client;
      }),
    );
    cleanups.push(async () => {
      await Promise.all(list.map((c) => c.end()));
    });
    return { pool: fresh.pool, stores: list.map((c) => createSqlApprovalStore(c)) };
  }

  it('2 of 2: each approver votes from 4 connections at once; one grant per round, never early', async () => {
    const { pool, stores } = await workers(8);
    const store = createSqlApprovalStore(pool);
    for (let round = 0; round < 8; round++) {
      const p = { ...(await makeProposal()), approvals: { required: 2 } };
      await store.suspend(p);
      const results = await Promise.allSettled(
        stores.map((s, i) =>
          s.decide(p.proposalHash, { decision: 'approve', approver: i % 2 ? 'alice' : 'bob' }),
        ),
      );
      const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const codes = results.flatMap((r) =>
        r.status === 'rejected' ? [(r.reason as { code: string }).code] : [],
      );
      expect(ok).toHaveLength(2);
      expect(ok.filter((g) => g.usesLeft === 1)).toHaveLength(1);
      expect(new Set(ok.map((g) => g.approver))).toEqual(new Set(['alice', 'bob']));
      for (const code of codes)
        expect(['duplicate_approval', 'proposal_not_pending']).toContain(code);
      const stored = await store.getProposal(p.id);
      expect(stored?.status).toBe('approved');
      expect(stored?.approvals?.received.map((v) => v.approver).sort()).toEqual(['alice', 'bob']);
      const grants = await pool.query(
        'SELECT uses_left FROM argseal_grants WHERE proposal_id = $1',
        [p.id],
      );
      expect(grants.rows).toEqual([{ uses_left: 1 }]);
    }
  });

  it('3 of 3 with 8 distinct approvers racing: exactly three counted, then the rest are refused', async () => {
    const { pool, stores } = await workers(8);
    const store = createSqlApprovalStore(pool);
    for (let round = 0; round < 6; round++) {
      const p = { ...(await makeProposal()), approvals: { required: 3 } };
      await store.suspend(p);
      // a consumer hammers the hash while the votes race: it may never win before the third
      const consumer = createSqlApprovalStore(pool);
      const early: boolean[] = [];
      const votes = Promise.allSettled(
        stores.map((s, i) => s.decide(p.proposalHash, { decision: 'approve', approver: `a${i}` })),
      );
      for (let k = 0; k < 5; k++) {
        const taken = await consumer.consume(p.bindingHash, { agent: p.agent });
        const stored = await store.getProposal(p.id);
        if (taken.ok) early.push((stored?.approvals?.received.length ?? 0) < 3);
      }
      const ok = (await votes).filter((r) => r.status === 'fulfilled');
      expect(ok).toHaveLength(3);
      expect(early.every((e) => e === false)).toBe(true);
      expect((await store.getProposal(p.id))?.approvals?.received).toHaveLength(3);
    }
  });
});
