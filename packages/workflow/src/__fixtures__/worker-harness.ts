import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqlAuditLog, createSqlExecutionLedger, migrate } from '@argseal/postgres';
import pg from 'pg';

const WORKER = fileURLToPath(new URL('./refund-worker.mjs', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Where @workflow/vitest's global setup built the workflow and step bundles. */
export const BUNDLES = join(PACKAGE_DIR, '.workflow-vitest');

/** A fresh database on the server of `adminUrl` and a fresh local-world directory. */
export async function freshWorld(adminUrl: string) {
  const name = `argseal_wf_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'argseal-wf-'));
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // DROP DATABASE … WITH (FORCE) ends connections the pool is still closing
  pool.on('error', () => {});
  // the schema exists before any worker starts (as a deployment would migrate): DDL from
  // two workers starting at once races on PostgreSQL's catalog (CREATE … IF NOT EXISTS too)
  await migrate(pool);
  await createSqlExecutionLedger({ db: pool }).ensureSchema();
  await pool.query(`CREATE TABLE IF NOT EXISTS refunds (
    id serial PRIMARY KEY, order_id text NOT NULL, amount int NOT NULL)`);
  return {
    url: url.toString(),
    dataDir,
    pool,
    audit: createSqlAuditLog(pool),
    async pending(): Promise<string[]> {
      for (let i = 0; i < 600; i++) {
        try {
          const { rows } = await pool.query(
            "SELECT proposal_hash FROM argseal_proposals WHERE status = 'pending'",
          );
          if (rows.length > 0) return rows.map((r) => String(r.proposal_hash));
        } catch {
          // the worker has not migrated yet
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('no pending proposal');
    },
    /** Waits until `n` refunds exist (a worker that prints nothing ran the run). */
    async refundsReach(n: number) {
      for (let i = 0; i < 600; i++) {
        const { rows } = await pool.query('SELECT count(*)::int AS n FROM refunds');
        if (rows[0].n >= n) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`never ${n} refunds`);
    },
    async refunds() {
      const { rows } = await pool.query('SELECT order_id, amount FROM refunds ORDER BY id');
      return rows;
    },
    async drop() {
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
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

/** One worker process and the JSON lines it printed. */
export interface Worker {
  child: ChildProcess;
  /** Resolves with the first printed line that has `key`. */
  next(key: string): Promise<Record<string, unknown>>;
  send(line: string): void;
  exited: Promise<{ signal: NodeJS.Signals | null; code: number | null; stderr: string }>;
}

export function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, [WORKER], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, BUNDLES, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    buffer += d;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('{')) {
        try {
          lines.push(JSON.parse(line));
        } catch {
          // not ours
        }
      }
      nl = buffer.indexOf('\n');
    }
    for (const w of waiters.splice(0)) w();
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<Awaited<Worker['exited']>>((resolve) => {
    child.on('exit', (code, signal) => {
      for (const w of waiters.splice(0)) w();
      resolve({ code, signal, stderr });
    });
  });
  return {
    child,
    exited,
    send: (line) => child.stdin?.write(`${line}\n`),
    async next(key) {
      const deadline = Date.now() + 40_000;
      for (;;) {
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`worker printed no "${key}" in 40 s: ${stderr.slice(-3000)}`);
        }
        const found = lines.find((l) => key in l);
        if (found) return found;
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`worker exited without "${key}": ${stderr.slice(-2000)}`);
        }
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 1000);
        });
      }
    },
  };
}

/** Runs the PostgreSQL world's own schema setup (its CLI) once, before any worker starts. */
export async function migratePostgresWorld(url: string): Promise<void> {
  const { realpathSync } = await import('node:fs');
  // the CLI runs only as the main module, named by its real path
  const cli = realpathSync(join(PACKAGE_DIR, 'node_modules/@workflow/world-postgres/dist/cli.js'));
  const child = spawn(process.execPath, [cli], {
    env: { ...process.env, DATABASE_URL: url, WORKFLOW_POSTGRES_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
  if (code !== 0) throw new Error(`world-postgres setup failed: ${out.slice(-2000)}`);
}
