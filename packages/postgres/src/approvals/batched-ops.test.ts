import type { SuspendedToolProposal } from '@argseal/core/store';
import { makeProposal } from '@argseal/test-kit';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  describePostgres,
  freshPGliteSchema,
  freshPostgresSchema,
  sharedPGlite,
} from '../__fixtures__/databases.js';
import type { SqlQueryable } from '../sql/db.js';
import { CONSUME_MANY } from './consume-many.js';
import { DECIDE_MANY } from './decide-many.js';
import { createSqlApprovalStore } from './store.js';
import { SUSPEND_MANY } from './suspend-many.js';

// Concurrent suspends, decisions and consumes of one store share statements. Every
// outcome of a shared statement (won, lost, refused, explained) must be exactly what the
// operation alone returns.

type Handle = SqlQueryable & object;

/** The same handle, with the batch sizes of every shared statement it sends. */
function recording<T extends Handle>(db: T) {
  const sizes = new Map<string, number[]>();
  const proxy = new Proxy(db, {
    get(target, key) {
      if (key === 'query') {
        return (text: unknown, params?: unknown[]) => {
          const sql = typeof text === 'string' ? text : (text as { text: string }).text;
          const values =
            typeof text === 'string' ? params : (text as { values?: unknown[] }).values;
          if (Array.isArray(values?.[0])) {
            sizes.set(sql, [...(sizes.get(sql) ?? []), (values[0] as unknown[]).length]);
          }
          return (target.query as (...a: unknown[]) => unknown)(text, params);
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy as T, largest: (sql: string) => Math.max(0, ...(sizes.get(sql) ?? [])) };
}

async function proposals(n: number, agent?: string): Promise<SuspendedToolProposal[]> {
  return Promise.all(Array.from({ length: n }, () => makeProposal(agent ? { agent } : {})));
}

function describeBatching(label: string, open: () => Promise<{ db: Handle }>) {
  describe(`shared statements (${label})`, () => {
    it('24 concurrent round trips share statements; every grant is taken once, by its own call', async () => {
      const { db, largest } = recording((await open()).db);
      const store = createSqlApprovalStore(db);
      const ps = await proposals(24);
      const stored = await Promise.all(ps.map((p) => store.suspend(p)));
      expect(stored.map((s) => [s.id, s.status])).toEqual(ps.map((p) => [p.id, 'pending']));
      const grants = await Promise.all(
        ps.map((p) => store.decide(p.proposalHash, { decision: 'approve', approver: 'alice' })),
      );
      expect(grants.map((g) => g.proposalId)).toEqual(ps.map((p) => p.id));
      const consumed = await Promise.all(
        [...ps, ...ps].map((p) => store.consume(p.bindingHash, { agent: p.agent })),
      );
      expect(consumed.slice(0, 24).map((r) => r.ok && r.grant.proposalId)).toEqual(
        ps.map((p) => p.id),
      );
      expect(consumed.slice(24)).toEqual(ps.map(() => ({ ok: false, reason: 'used_up' })));
      for (const sql of [SUSPEND_MANY, DECIDE_MANY, CONSUME_MANY]) {
        expect(largest(sql)).toBeGreaterThan(1);
      }
      for (const p of ps) {
        expect((await store.getProposal(p.id))?.status).toBe('consumed');
      }
    });

    it('one shared consume explains each miss as the lone consume would', async () => {
      const { db, largest } = recording((await open()).db);
      const store = createSqlApprovalStore(db);
      const [live, rejected, expired, usedUp, none, other] = await proposals(6);
      for (const p of [live, rejected, expired, usedUp, other] as SuspendedToolProposal[]) {
        await store.suspend(p);
      }
      await store.decide(live!.proposalHash, { decision: 'approve', approver: 'a', uses: 2 });
      await store.decide(rejected!.proposalHash, { decision: 'reject', approver: 'a' });
      await store.decide(expired!.proposalHash, { decision: 'approve', approver: 'a' });
      await db.query(
        `UPDATE argseal_grants SET expires_at = now() - interval '1 second' WHERE proposal_hash = $1`,
        [expired!.proposalHash],
      );
      await store.decide(usedUp!.proposalHash, { decision: 'approve', approver: 'a' });
      expect((await store.consume(usedUp!.bindingHash, { agent: usedUp!.agent })).ok).toBe(true);
      await store.decide(other!.proposalHash, { decision: 'approve', approver: 'a' });
      const results = await Promise.all([
        store.consume(live!.bindingHash, { agent: live!.agent }),
        store.consume(rejected!.bindingHash, { agent: rejected!.agent }),
        store.consume(expired!.bindingHash, { agent: expired!.agent }),
        store.consume(usedUp!.bindingHash, { agent: usedUp!.agent }),
        store.consume(none!.bindingHash, { agent: none!.agent }),
        store.consume(other!.bindingHash, { agent: 'someone-else' }),
      ]);
      expect(largest(CONSUME_MANY)).toBeGreaterThanOrEqual(5);
      expect(results[0]).toMatchObject({ ok: true, grant: { proposalId: live!.id, usesLeft: 1 } });
      expect(results.slice(1)).toEqual([
        { ok: false, reason: 'rejected' },
        { ok: false, reason: 'expired' },
        { ok: false, reason: 'used_up' },
        { ok: false, reason: 'no_grant' },
        { ok: false, reason: 'no_grant' },
      ]);
      // another agent's grant was not touched
      expect(await store.peek(other!.bindingHash)).toMatchObject({
        live: true,
        grant: { usesLeft: 1 },
      });
    });

    it('one shared decide: decided, not pending, not found and four-eyes votes as alone', async () => {
      const { db, largest } = recording((await open()).db);
      const store = createSqlApprovalStore(db);
      const [plain, rejectMe, decided, unknown] = await proposals(4);
      const fourEyes = { ...(await makeProposal()), approvals: { required: 2 } };
      for (const p of [plain, rejectMe, decided, fourEyes] as SuspendedToolProposal[]) {
        await store.suspend(p);
      }
      await store.decide(decided!.proposalHash, { decision: 'reject', approver: 'a' });
      const results = await Promise.allSettled([
        store.decide(plain!.proposalHash, { decision: 'approve', approver: 'bob', uses: 3 }),
        store.decide(rejectMe!.proposalHash, { decision: 'reject', approver: 'bob', note: 'no' }),
        store.decide(decided!.proposalHash, { decision: 'approve', approver: 'bob' }),
        store.decide(unknown!.proposalHash, { decision: 'approve', approver: 'bob' }),
        store.decide(fourEyes.proposalHash, { decision: 'approve', approver: 'bob' }),
      ]);
      expect(largest(DECIDE_MANY)).toBeGreaterThanOrEqual(4);
      expect(results[0]).toMatchObject({
        status: 'fulfilled',
        value: { proposalId: plain!.id, decision: 'approve', usesLeft: 3 },
      });
      expect(results[1]).toMatchObject({
        status: 'fulfilled',
        value: { proposalId: rejectMe!.id, decision: 'reject', note: 'no' },
      });
      expect(results[2]).toMatchObject({
        status: 'rejected',
        reason: { code: 'proposal_not_pending' },
      });
      expect(results[3]).toMatchObject({
        status: 'rejected',
        reason: { code: 'proposal_not_found' },
      });
      expect(results[4]).toMatchObject({
        status: 'fulfilled',
        value: { approvals: { required: 2, received: [{ approver: 'bob' }] } },
      });
      expect((await store.getProposal(fourEyes.id))?.status).toBe('pending');
      expect((await store.peek(plain!.bindingHash)).live).toBe(true);
      expect(await store.peek(rejectMe!.bindingHash)).toEqual({ live: false, reason: 'rejected' });
      const grant = await store.peek(plain!.bindingHash);
      // the default lifetime is computed on the database clock in the shared statement too
      const [{ ok }] = (
        await db.query(
          `SELECT expires_at > now() + interval '59 minutes' AND expires_at <= now() + interval '1 hour' AS ok
           FROM argseal_grants WHERE proposal_hash = $1`,
          [plain!.proposalHash],
        )
      ).rows;
      expect(grant.live && ok).toBe(true);
    });

    it('one shared suspend: new, a pending twin and a duplicate id each as alone; nothing else lost', async () => {
      const { db, largest } = recording((await open()).db);
      const store = createSqlApprovalStore(db);
      const [first, fresh, clash] = await proposals(3);
      await store.suspend(first!);
      const twin = { ...first!, id: `${first!.id}-twin`, toolCallId: `${first!.toolCallId}-2` };
      const duplicateId = { ...clash!, id: first!.id };
      const results = await Promise.allSettled([
        store.suspend(fresh!),
        store.suspend(twin),
        store.suspend(duplicateId),
      ]);
      expect(largest(SUSPEND_MANY)).toBe(3);
      expect(results[0]).toMatchObject({ status: 'fulfilled', value: { id: fresh!.id } });
      expect(results[1]).toMatchObject({ status: 'fulfilled', value: { id: first!.id } });
      expect(results[2]).toMatchObject({
        status: 'rejected',
        reason: { code: 'duplicate_proposal_id' },
      });
      expect(await store.findPending(clash!.proposalHash)).toBeUndefined();
      expect((await store.latestProposalForCall(twin))?.id).toBe(first!.id);
      expect((await store.listPending()).map((p) => p.id).sort()).toEqual(
        [first!.id, fresh!.id].sort(),
      );
    });
  });
}

const pglite = sharedPGlite();
afterAll(() => pglite.close());
describeBatching('PGlite', async () => ({ db: await freshPGliteSchema(await pglite.get()) }));

describePostgres('PostgreSQL shared statements', (url) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  async function open() {
    const fresh = await freshPostgresSchema(url, 16);
    cleanups.push(fresh.close);
    return { db: fresh.pool, fresh };
  }
  describeBatching('pg Pool', open);

  it('two stores on two pools race shared consumes over the same grants: each use taken once', async () => {
    const { db, fresh } = await open();
    const pool2 = new (await import('pg')).default.Pool({ ...fresh.config, max: 16 });
    cleanups.push(() => pool2.end());
    const a = createSqlApprovalStore(db);
    const b = createSqlApprovalStore(pool2);
    const ps = await proposals(20);
    await Promise.all(ps.map((p) => a.suspend(p)));
    await Promise.all(
      ps.map((p, i) =>
        a.decide(p.proposalHash, { decision: 'approve', approver: 'x', uses: (i % 3) + 1 }),
      ),
    );
    const attempts = [...ps, ...ps, ...ps];
    const results = await Promise.all([
      ...attempts.map((p) => a.consume(p.bindingHash, { agent: p.agent })),
      ...[...attempts].reverse().map((p) => b.consume(p.bindingHash, { agent: p.agent })),
    ]);
    const wins = new Map<string, number>();
    for (const r of results)
      if (r.ok) wins.set(r.grant.proposalId, (wins.get(r.grant.proposalId) ?? 0) + 1);
    expect(ps.map((p) => wins.get(p.id))).toEqual(ps.map((_, i) => (i % 3) + 1));
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'used_up')).toBe(true);
    const rows = (
      await db.query('SELECT min(uses_left) AS lo, max(uses_left) AS hi FROM argseal_grants')
    ).rows[0];
    expect([Number(rows.lo), Number(rows.hi)]).toEqual([0, 0]);
  });
});
