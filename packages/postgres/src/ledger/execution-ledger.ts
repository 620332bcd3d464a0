import type { DurableOutcome, ExecutionLedger, LedgerEntry } from '@argseal/core';
import { SqlStoreError } from '../errors.js';
import type { SqlQueryable } from '../sql/db.js';

/**
 * The SQL `ExecutionLedger` (`@argseal/core`) of core's durable approval wait, plus the table of waits
 * (which workflow, or which hook token, waits for which proposal) that the engines' wakers
 * read. Shared by `@argseal/dbos` (`createDbosLedger`) and `@argseal/workflow`. Keep it in the
 * database of the engine's own tables (and, if you like, argseal's approval store).
 */
export interface SqlExecutionLedger extends ExecutionLedger {
  /** Creates the ledger's two tables if they do not exist (idempotent, safe in parallel). */
  ensureSchema(): Promise<void>;
  /** Records that `waiter` (a workflow id or a hook token) waits for `proposalHash`. */
  addWait(proposalHash: string, waiter: string): Promise<void>;
  /** The waiters for a decision on `proposalHash`, oldest first. */
  waitsFor(proposalHash: string): Promise<string[]>;
  /** Forgets a finished wait. */
  removeWait(proposalHash: string, waiter: string): Promise<void>;
}

/** Options of {@link createSqlExecutionLedger}. */
export interface SqlExecutionLedgerOptions {
  /** A `pg` `Pool`, a `pg` `Client` or a PGlite instance. */
  db: SqlQueryable;
}

const SCHEMA = [
  'SELECT pg_advisory_xact_lock(7407281)',
  `CREATE TABLE IF NOT EXISTS argseal_durable_executions (
    execution_key text PRIMARY KEY,
    binding_hash text NOT NULL,
    state text NOT NULL CHECK (state IN ('running', 'settled')),
    outcome jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS argseal_durable_waits (
    proposal_hash text NOT NULL,
    workflow_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (proposal_hash, workflow_id)
  )`,
];

const START = `INSERT INTO argseal_durable_executions (execution_key, binding_hash, state)
  VALUES ($1, $2, 'running') ON CONFLICT (execution_key) DO NOTHING RETURNING execution_key`;
const GET = `SELECT binding_hash, state, outcome FROM argseal_durable_executions
  WHERE execution_key = $1`;
const SETTLE = `UPDATE argseal_durable_executions
  SET state = 'settled', outcome = $2::jsonb, updated_at = now()
  WHERE execution_key = $1 AND state = 'running' RETURNING execution_key`;

function toEntry(row: Record<string, unknown> | undefined): LedgerEntry | undefined {
  if (row === undefined) return undefined;
  const bindingHash = String(row.binding_hash);
  if (row.state === 'settled') {
    const outcome = typeof row.outcome === 'string' ? JSON.parse(row.outcome) : row.outcome;
    return { state: 'settled', bindingHash, outcome: outcome as DurableOutcome };
  }
  return { state: 'running', bindingHash };
}

/**
 * Creates the SQL execution ledger. Call `ensureSchema()` once at startup.
 *
 * @throws {SqlStoreError} `invalid_option` for an unknown option or a missing `db`; its
 *   operations throw `ledger_unavailable` (the database failed; no parameters in the
 *   message) and `ledger_conflict` (a key settled twice).
 */
export function createSqlExecutionLedger(options: SqlExecutionLedgerOptions): SqlExecutionLedger {
  if (options === null || typeof options !== 'object') {
    throw new SqlStoreError('invalid_option', 'createSqlExecutionLedger needs { db }');
  }
  for (const key of Object.keys(options)) {
    if (key !== 'db') {
      throw new SqlStoreError(
        'invalid_option',
        `createSqlExecutionLedger: unknown option "${key}"`,
      );
    }
  }
  const { db } = options;
  if (!db || typeof db.query !== 'function') {
    throw new SqlStoreError(
      'invalid_option',
      'createSqlExecutionLedger: "db" must be a pg Pool, Client or PGlite',
    );
  }
  const run = async (text: string, params?: unknown[]) => {
    try {
      return (await db.query(text, params)).rows as Record<string, unknown>[];
    } catch (cause) {
      throw new SqlStoreError('ledger_unavailable', 'the durable execution ledger failed', {
        cause,
      });
    }
  };
  const get = async (key: string) => toEntry((await run(GET, [key]))[0]);
  return {
    async ensureSchema() {
      const exec = (db as { exec?: (sql: string) => Promise<unknown> }).exec;
      const script = `BEGIN; ${SCHEMA.join(';\n')}; COMMIT`;
      if (typeof exec === 'function') {
        // PGlite runs several statements only through exec
        try {
          await exec.call(db, script);
        } catch (cause) {
          throw new SqlStoreError('ledger_unavailable', 'the durable execution ledger failed', {
            cause,
          });
        }
      } else {
        await run(script);
      }
    },
    async start(key, bindingHash) {
      const inserted = await run(START, [key, bindingHash]);
      if (inserted.length === 1) return undefined;
      return get(key);
    },
    async settle(key, outcome) {
      if ((await run(SETTLE, [key, JSON.stringify(outcome)])).length !== 1) {
        throw new SqlStoreError('ledger_conflict', `execution key ${key} cannot be settled`);
      }
    },
    get,
    async addWait(proposalHash, waiter) {
      await run(
        `INSERT INTO argseal_durable_waits (proposal_hash, workflow_id) VALUES ($1, $2)
          ON CONFLICT DO NOTHING`,
        [proposalHash, waiter],
      );
    },
    async waitsFor(proposalHash) {
      const rows = await run(
        'SELECT workflow_id FROM argseal_durable_waits WHERE proposal_hash = $1 ORDER BY created_at',
        [proposalHash],
      );
      return rows.map((r) => String(r.workflow_id));
    },
    async removeWait(proposalHash, waiter) {
      await run('DELETE FROM argseal_durable_waits WHERE proposal_hash = $1 AND workflow_id = $2', [
        proposalHash,
        waiter,
      ]);
    },
  };
}
