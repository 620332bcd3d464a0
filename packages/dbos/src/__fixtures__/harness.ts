import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createSqlApprovalStore, createSqlAuditLog, migrate } from '@argseal/postgres';
import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk';
import pg from 'pg';
import { createDbosLedger } from '../sql-ledger.js';
import { wakeWorkflowsOnDecide } from '../wake.js';

const WORKER = fileURLToPath(new URL('./refund-worker.mjs', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

export const refundArgs = (amount: number, orderId = 'ord_1') =>
  JSON.stringify({ orderId, amount, currency: 'EUR' });

/** A fresh database on the server of `adminUrl`, dropped by `drop()`. */
export async function freshDatabase(adminUrl: string) {
  const name = `argseal_dbos_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // migrations run once, before any worker starts (as a deployment would: DBOS's own
  // migrations deadlock when two processes run them at once on a new database)
  await DBOS.migrate(url.toString());
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migrate(pool);
  await createDbosLedger({ db: pool }).ensureSchema();
  // created here, once: CREATE TABLE IF NOT EXISTS in two racing workers can fail on
  // pg_type's unique index (the race test flaked on it)
  await pool.query(`CREATE TABLE IF NOT EXISTS refunds (
    id serial PRIMARY KEY, workflow_id text NOT NULL, order_id text NOT NULL, amount int NOT NULL)`);
  await pool.end();
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        // pool.end() resolves before its connections have said goodbye: FORCE would end them
        // mid-close, and the ended client's error event has no listener any more (an
        // unhandled error that fails the run). Wait until the test's own sessions are gone;
        // FORCE then ends only what killed workers left behind.
        for (let i = 0; i < 100; i++) {
          const { rows } = await again.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}

export interface Worker {
  child: ChildProcess;
  /** The workflow's outcome line, or the signal that ended the process. */
  done: Promise<{
    outcome?: any;
    signal: NodeJS.Signals | null;
    code: number | null;
    stderr: string;
  }>;
}

export function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, [WORKER], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const done = new Promise<Awaited<Worker['done']>>((resolve) => {
    child.on('exit', (code, signal) => {
      const line = stdout.trim().split('\n').filter(Boolean).pop();
      resolve({ outcome: line ? JSON.parse(line).outcome : undefined, signal, code, stderr });
    });
  });
  return { child, done };
}

/** The parent's view of the database: approvals (waking workflows), audit, refunds. */
export async function operator(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const audit = createSqlAuditLog(pool);
  const store = createSqlApprovalStore(pool, { audit });
  const ledger = createDbosLedger({ db: pool });
  const client = await DBOSClient.create({ systemDatabaseUrl: url });
  const approvals = wakeWorkflowsOnDecide(store, { messenger: client, ledger });
  return {
    pool,
    audit,
    approvals,
    ledger,
    async refunds() {
      return (await pool.query('SELECT workflow_id, order_id, amount FROM refunds ORDER BY id'))
        .rows;
    },
    /** Resolves with the first pending proposal (polls the store: the test's own view). */
    async pending(minCount = 1) {
      for (let i = 0; i < 1200; i++) {
        const list = await store.listPending();
        if (list.length >= minCount) return list;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no pending proposal appeared');
    },
    async close() {
      await client.destroy();
      await pool.end();
    },
  };
}
