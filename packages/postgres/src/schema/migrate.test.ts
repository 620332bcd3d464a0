import { ApprovalError } from '@argseal/core';
import { expectCode, makeProposal } from '@argseal/test-kit';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from '../__fixtures__/databases.js';
import { createSqlApprovalStore } from '../approvals/store.js';
import { createSqlAuditLog } from '../audit/log.js';
import { SqlStoreError } from '../errors.js';
import type { SqlQueryable } from '../sql/db.js';
import { assertSchemaCurrent, getSchemaVersion, migrate } from './migrate.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';

/** Drops everything in a test schema (every table and sequence any migration created). */
async function emptySchema(db: SqlQueryable, schema: string): Promise<void> {
  await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.query(`CREATE SCHEMA ${schema}`);
}

function migrationCases(open: () => Promise<{ db: SqlQueryable; close: () => Promise<void> }>) {
  it('applies every migration once, records it, and is a no-op the second time', async () => {
    const { db, close } = await open();
    try {
      expect(await getSchemaVersion(db)).toBe(0);
      expect(await migrate(db)).toEqual({
        applied: MIGRATIONS.map((m) => m.version),
        version: SCHEMA_VERSION,
      });
      expect(await migrate(db)).toEqual({ applied: [], version: SCHEMA_VERSION });
      const { rows } = await db.query(
        'SELECT version, name FROM argseal_schema_migrations ORDER BY version',
      );
      expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
      await assertSchemaCurrent(db);
    } finally {
      await close();
    }
  });

  it('refuses a database from a newer version with schema_too_new, changing nothing', async () => {
    const { db, close } = await open();
    try {
      await migrate(db);
      await db.query(
        "INSERT INTO argseal_schema_migrations (version, name) VALUES (999, 'from_the_future')",
      );
      const error = await expectCode(() => migrate(db), 'schema_too_new');
      expect(SqlStoreError.isInstance(error)).toBe(true);
      expect(error.message).toContain('999');
      await expectCode(() => assertSchemaCurrent(db), 'schema_too_new');
      expect(await getSchemaVersion(db)).toBe(999);
    } finally {
      await close();
    }
  });

  it('an unmigrated database fails with schema_not_migrated and nothing is created', async () => {
    const { db, close } = await open();
    try {
      const store = createSqlApprovalStore(db);
      const proposal = await makeProposal();
      const error = await expectCode(() => store.suspend(proposal), 'schema_not_migrated');
      expect(ApprovalError.isInstance(error)).toBe(true);
      await expectCode(
        () => store.consume(proposal.bindingHash, { agent: proposal.agent }),
        'schema_not_migrated',
      );
      await expectCode(
        () => createSqlAuditLog(db).append({ type: 'executed' }),
        'schema_not_migrated',
      );
      await expectCode(() => assertSchemaCurrent(db), 'schema_not_migrated');
      expect(await getSchemaVersion(db)).toBe(0);
    } finally {
      await close();
    }
  });
}

describe('migrate on PGlite', () => {
  migrationCases(async () => {
    const db = await PGlite.create();
    return { db, close: () => db.close() };
  });
});

describePostgres('migrate on PostgreSQL', (url) => {
  migrationCases(async () => {
    const fresh = await freshPostgresSchema(url);
    // freshPostgresSchema migrates; start these cases from an empty schema instead.
    await emptySchema(fresh.pool, fresh.schema);
    return { db: fresh.pool, close: fresh.close };
  });

  it('8 workers migrating at once apply each migration exactly once', async () => {
    const fresh = await freshPostgresSchema(url, 8);
    try {
      await emptySchema(fresh.pool, fresh.schema);
      const { default: pg } = await import('pg');
      const pools = Array.from({ length: 8 }, () => new pg.Pool({ ...fresh.config, max: 1 }));
      const results = await Promise.all(pools.map((p) => migrate(p)));
      await Promise.all(pools.map((p) => p.end()));
      expect(results.filter((r) => r.applied.length > 0)).toHaveLength(1);
      expect(await getSchemaVersion(fresh.pool)).toBe(SCHEMA_VERSION);
    } finally {
      await fresh.close();
    }
  });
});

it('a value without query() is refused with invalid_database', () => {
  for (const bad of [null, {}, { query: 1 }]) {
    expect(() => createSqlApprovalStore(bad as never)).toThrow(
      expect.objectContaining({ code: 'invalid_database' }),
    );
    expect(() => createSqlAuditLog(bad as never)).toThrow(
      expect.objectContaining({ code: 'invalid_database' }),
    );
  }
});
