import type { DurableOutcome, ExecutionLedger, LedgerEntry } from '@argseal/core';
import { DbosApprovalError, refuseUnknownKeys } from './errors.js';

/** The query interface the ledger needs: a `pg` `Pool` satisfies it. */
export interface LedgerQueryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The SQL {@link ExecutionLedger} of `@argseal/dbos`, plus the table of waiting workflows
 * that {@link wakeWorkflowsOnDecide} reads. Keep it in the PostgreSQL database that holds
 * DBOS's system tables (and, if you like, argseal's approval store).
 */
export interface DbosLedger extends ExecutionLedger {
  /** Creates the ledger's two tables if they do not exist (idempotent, safe in parallel). */
  ensureSchema(): Promise<void>;
  /** Records that `workflowId` waits for a decision on `proposalHash`. */
  addWait(proposalHash: string, workflowId: string): Promise<void>;
  /** The workflows waiting for a decision on `proposalHash`. */
  waitsFor(proposalHash: string): Promise<string[]>;
  /** Forgets a finished wait. */
  removeWait(proposalHash: string, workflowId: string): Promise<void>;
}

/** Options of {@link createDbosLedger}. */
export interface DbosLedgerOptions {
  /** A `pg` `Pool` (or anything with the same `query`) on the workflows' database. */
  db: LedgerQueryable;
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
    return { state: 'settled', bindingHash, outcome: row.outcome as DurableOutcome };
  }
  return { state: 'running', bindingHash };
}

/**
 * Creates the SQL ledger on a `pg` pool. Call `ensureSchema()` once at startup.
 *
 * @throws {DbosApprovalError} `invalid_dbos_options` for an unknown option or a missing `db`.
 */
export function createDbosLedger(options: DbosLedgerOptions): DbosLedger {
  if (options === null || typeof options !== 'object') {
    throw new DbosApprovalError('invalid_dbos_options', 'createDbosLedger needs { db }');
  }
  refuseUnknownKeys(options, ['db'], 'createDbosLedger');
  const { db } = options;
  if (!db || typeof db.query !== 'function') {
    throw new DbosApprovalError('invalid_dbos_options', 'createDbosLedger: "db" must be a pg Pool');
  }
  const run = async (text: string, params?: unknown[]) => {
    try {
      return (await db.query(text, params)).rows;
    } catch (cause) {
      throw new DbosApprovalError('ledger_unavailable', 'the durable execution ledger failed', {
        cause,
      });
    }
  };
  const get = async (key: string) => toEntry((await run(GET, [key]))[0]);
  return {
    async ensureSchema() {
      await run(`BEGIN; ${SCHEMA.join(';\n')}; COMMIT`);
    },
    async start(key, bindingHash) {
      const inserted = await run(START, [key, bindingHash]);
      if (inserted.length === 1) return undefined;
      return get(key);
    },
    async settle(key, outcome) {
      if ((await run(SETTLE, [key, JSON.stringify(outcome)])).length !== 1) {
        throw new DbosApprovalError('ledger_conflict', `execution key ${key} cannot be settled`);
      }
    },
    get,
    async addWait(proposalHash, workflowId) {
      await run(
        `INSERT INTO argseal_durable_waits (proposal_hash, workflow_id) VALUES ($1, $2)
          ON CONFLICT DO NOTHING`,
        [proposalHash, workflowId],
      );
    },
    async waitsFor(proposalHash) {
      const rows = await run(
        'SELECT workflow_id FROM argseal_durable_waits WHERE proposal_hash = $1 ORDER BY created_at',
        [proposalHash],
      );
      return rows.map((r) => String(r.workflow_id));
    },
    async removeWait(proposalHash, workflowId) {
      await run('DELETE FROM argseal_durable_waits WHERE proposal_hash = $1 AND workflow_id = $2', [
        proposalHash,
        workflowId,
      ]);
    },
  };
}
