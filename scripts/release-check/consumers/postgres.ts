// Type-checks @argseal/postgres (PGlite embedded and any pg-like client).
import { type ApprovalStore, createAuthorizer } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import {
  createSqlApprovalStore,
  createSqlAuditLog,
  type MigrateResult,
  migrate,
  openEmbeddedDatabase,
  type SqlAuditLog,
  type SqlQueryable,
  SqlStoreError,
} from '@argseal/postgres';
import {
  acquireEmbeddedLock,
  type HeldEmbeddedLock,
  SqlStoreError as LockError,
} from '@argseal/postgres/lock';

export async function embedded(): Promise<boolean> {
  const db = await openEmbeddedDatabase();
  const audit: SqlAuditLog = createSqlAuditLog(db);
  const approvals: ApprovalStore = createSqlApprovalStore(db, { audit, defaultGrantTtlMs: 60_000 });
  createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }), approvals, audit });
  const verdict = await verifyAuditChain(await audit.records({ fromSeq: 0, limit: 100 }));
  await db.close();
  return verdict.ok;
}

/** Any client with `query(text, params)` (pg Pool or Client) works. */
export async function withClient(client: SqlQueryable): Promise<number[]> {
  try {
    const result: MigrateResult = await migrate(client);
    return result.applied;
  } catch (error) {
    if (SqlStoreError.isInstance(error)) return [];
    throw error;
  }
}

/** `@argseal/postgres/lock`: the embedded directory's lock alone (no PGlite loaded). */
export async function underLock(path: string): Promise<boolean> {
  const held: HeldEmbeddedLock = await acquireEmbeddedLock(path, 1_000);
  await held.release();
  return LockError === SqlStoreError;
}
