import { assertKnownOptions } from '@argseal/core';
import { createSqlExecutionLedger, type SqlExecutionLedger } from '@argseal/postgres';
import { DbosApprovalError } from './errors.js';

/** The query interface the ledger needs: a `pg` `Pool` satisfies it. */
export interface LedgerQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The SQL execution ledger of `@argseal/postgres` (`createSqlExecutionLedger`), with the
 * table of waiting workflows that {@link wakeWorkflowsOnDecide} reads. Keep it in the
 * PostgreSQL database that holds DBOS's system tables (and, if you like, argseal's approval
 * store). Its operations throw `SqlStoreError` `ledger_unavailable` / `ledger_conflict`.
 */
export type DbosLedger = SqlExecutionLedger;

/** Options of {@link createDbosLedger}. */
export interface DbosLedgerOptions {
  /** A `pg` `Pool` (or anything with the same `query`) on the workflows' database. */
  db: LedgerQueryable;
}

/**
 * Creates the SQL ledger on a `pg` pool. Call `ensureSchema()` once at startup.
 *
 * @throws {DbosApprovalError} `invalid_dbos_options` for a missing `db`.
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option.
 */
export function createDbosLedger(options: DbosLedgerOptions): DbosLedger {
  if (options === null || typeof options !== 'object') {
    throw new DbosApprovalError('invalid_dbos_options', 'createDbosLedger needs { db }');
  }
  assertKnownOptions('createDbosLedger', options, ['db']);
  const { db } = options;
  if (!db || typeof db.query !== 'function') {
    throw new DbosApprovalError('invalid_dbos_options', 'createDbosLedger: "db" must be a pg Pool');
  }
  return createSqlExecutionLedger({ db });
}
