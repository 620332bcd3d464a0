import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from '../__fixtures__/databases.js';
import { seedV01Database } from '../__fixtures__/v01-database.js';
import { createSqlApprovalStore } from '../approvals/store.js';
import type { SqlQueryable } from '../sql/db.js';
import { getSchemaVersion, migrate } from './migrate.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';

const call = (p: { agent: string; tool: string; toolCallId: string }) => ({
  agent: p.agent,
  tool: p.tool,
  toolCallId: p.toolCallId,
});

function upgradeCases(open: () => Promise<{ db: SqlQueryable; close: () => Promise<void> }>) {
  it('migrate upgrades a 0.1 database in place: data kept, new lookups work', async () => {
    const { db, close } = await open();
    try {
      const seeded = await seedV01Database(db);
      expect(await getSchemaVersion(db)).toBe(1);
      expect(await migrate(db)).toEqual({
        applied: MIGRATIONS.slice(1).map((m) => m.version),
        version: SCHEMA_VERSION,
      });
      const store = createSqlApprovalStore(db);
      expect(await store.getProposal(seeded.pending.id)).toMatchObject({ status: 'pending' });
      expect(await store.latestProposalForCall(call(seeded.pending))).toMatchObject({
        id: seeded.pending.id,
        status: 'pending',
      });
      expect(await store.latestProposalForCall(call(seeded.approved))).toMatchObject({
        id: seeded.approved.id,
        status: 'approved',
      });
      expect(await store.latestProposalForCall(call(seeded.rejected))).toMatchObject({
        id: seeded.rejected.id,
        status: 'rejected',
      });
      // the grant written by 0.1 is still live and is taken once
      expect(
        await store.consume(seeded.approved.bindingHash, { agent: seeded.approved.agent }),
      ).toMatchObject({ ok: true });
      expect(
        await store.consume(seeded.approved.bindingHash, { agent: seeded.approved.agent }),
      ).toEqual({
        ok: false,
        reason: 'used_up',
      });
      expect(
        await store.consume(seeded.rejected.bindingHash, { agent: seeded.rejected.agent }),
      ).toEqual({
        ok: false,
        reason: 'rejected',
      });
      // the pending 0.1 proposal is still decided by today's store
      await store.decide(seeded.pending.proposalHash, { decision: 'approve', approver: 'bob' });
      expect(await store.peek(seeded.pending.bindingHash)).toMatchObject({ live: true });
    } finally {
      await close();
    }
  });
}

describe('upgrade from 0.1 on PGlite', () => {
  upgradeCases(async () => {
    const db = await PGlite.create();
    return { db, close: () => db.close() };
  });
});

describePostgres('upgrade from 0.1 on PostgreSQL', (url) => {
  upgradeCases(async () => {
    const fresh = await freshPostgresSchema(url);
    await fresh.pool.query(`DROP SCHEMA ${fresh.schema} CASCADE`);
    await fresh.pool.query(`CREATE SCHEMA ${fresh.schema}`);
    return { db: fresh.pool, close: fresh.close };
  });
});
