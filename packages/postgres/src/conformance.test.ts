import { describeApprovalStoreContract, describeAuditSinkContract } from '@argseal/test-kit';
import { afterAll } from 'vitest';
import {
  describePostgres,
  freshPGliteSchema,
  freshPostgresSchema,
  sharedPGlite,
  tempDir,
} from './__fixtures__/databases.js';
import { createSqlApprovalStore } from './approvals/store.js';
import { createSqlAuditLog } from './audit/log.js';

// The same conformance suite core's memory store passes, on every SQL engine.

/** The database clock: lifetimes must follow it, never this process's. */
const dbClock =
  (db: { query: (sql: string) => Promise<{ rows: unknown[] }> }) => async (): Promise<Date> => {
    const { rows } = await db.query('SELECT now() AS now');
    return new Date((rows[0] as { now: Date | string }).now);
  };

const memory = sharedPGlite();
const files = tempDir('argseal-pglite-');
const fileBacked = sharedPGlite(files.dir);
afterAll(async () => {
  await memory.close();
  await fileBacked.close();
  files.remove();
});

for (const [label, engine] of [
  ['PGlite in-memory', memory],
  ['PGlite file-backed', fileBacked],
] as const) {
  describeApprovalStoreContract(label, async () => {
    const db = await freshPGliteSchema(await engine.get());
    const audit = createSqlAuditLog(db);
    return { store: createSqlApprovalStore(db, { audit }), audit, clock: dbClock(db) };
  });
  describeAuditSinkContract(label, async () => {
    const db = await freshPGliteSchema(await engine.get());
    const truncate = async (keep: number) => {
      await db.query('DELETE FROM argseal_audit WHERE seq >= $1', [keep]);
    };
    return { audit: createSqlAuditLog(db), truncate };
  });
}

describePostgres('PostgreSQL', (url) => {
  describeApprovalStoreContract('PostgreSQL (pg Pool)', async () => {
    const fresh = await freshPostgresSchema(url);
    const audit = createSqlAuditLog(fresh.pool);
    return {
      store: createSqlApprovalStore(fresh.pool, { audit }),
      audit,
      close: fresh.close,
      clock: dbClock(fresh.pool),
    };
  });
  describeAuditSinkContract('PostgreSQL (pg Pool)', async () => {
    const fresh = await freshPostgresSchema(url);
    const truncate = async (keep: number) => {
      await fresh.pool.query('DELETE FROM argseal_audit WHERE seq >= $1', [keep]);
    };
    return { audit: createSqlAuditLog(fresh.pool), close: fresh.close, truncate };
  });
});
