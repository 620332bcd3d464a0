// A pg-only user of @argseal/postgres: `pg` and `@types/pg` installed, the optional peer
// @electric-sql/pglite not (release-check hides it from module resolution). Our .d.ts must
// compile without it (TS2307 otherwise), with skipLibCheck off.
import { createAuthorizer } from '@argseal/core';
import {
  createSqlApprovalStore,
  createSqlAuditLog,
  type EmbeddedDatabase,
  migrate,
  openEmbeddedDatabase,
  type SqlQueryable,
} from '@argseal/postgres';
import pg from 'pg';

export async function withPool(connectionString: string): Promise<void> {
  const pool = new pg.Pool({ connectionString });
  const db: SqlQueryable = pool;
  await migrate(db);
  const audit = createSqlAuditLog(pool);
  const approvals = createSqlApprovalStore(pool, { audit });
  createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }), approvals, audit });
  await pool.end();
}

/** The embedded database is typed locally: usable as a store handle without PGlite's types. */
export async function embeddedType(): Promise<void> {
  const db: EmbeddedDatabase = await openEmbeddedDatabase(undefined, { relaxedDurability: true });
  createSqlApprovalStore(db);
  await db.close();
}
