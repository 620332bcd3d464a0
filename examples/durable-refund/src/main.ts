// `pnpm --filter @argseal/example-durable-refund start`: a refund waits for approval as a
// durable DBOS step; the worker is killed while it waits; a new worker recovers the
// workflow; the approver decides (as the console would, waking the workflow through DBOS);
// the refund runs exactly once; the audit chain verifies.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { verifyAuditLog } from '@argseal/core';
import { createDbosLedger, wakeWorkflowsOnDecide } from '@argseal/dbos';
import { createSqlApprovalStore, createSqlAuditLog, migrate } from '@argseal/postgres';
import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk';
import pg from 'pg';
import { openDemoDatabase } from './database.js';

const db = await openDemoDatabase();
if (!db) {
  console.log(
    'durable-refund: skipped: DBOS needs PostgreSQL. Set DATABASE_URL=postgres://… or install ' +
      'PostgreSQL (apt-get install -y postgresql) and run it again.',
  );
  process.exit(0);
}
const say = (line: string) => console.log(`  ${line}`);
const worker = (args: string[]): { child: ChildProcess; result: Promise<string> } => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./worker.ts', import.meta.url)), ...args],
    {
      env: { ...process.env, DATABASE_URL: db.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  return { child, result: new Promise((resolve) => child.on('exit', () => resolve(out.trim()))) };
};

let failed = false;
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
try {
  // one-time setup, as a deployment step: DBOS's system tables, argseal's tables, the ledger
  await DBOS.migrate(db.url);
  await migrate(pool);
  const ledger = createDbosLedger({ db: pool });
  await ledger.ensureSchema();
  await pool.query('CREATE TABLE refunds (order_id text NOT NULL, amount int NOT NULL)');

  const args = '{"orderId":"ord_42","amount":25000,"currency":"EUR"}';
  say(`worker 1 starts workflow refund-ord_42 with ${args}`);
  const first = worker(['start', 'refund-ord_42', args]);
  const audit = createSqlAuditLog(pool);
  const store = createSqlApprovalStore(pool, { audit });
  let pending = await store.listPending();
  while (pending.length === 0) {
    await new Promise((r) => setTimeout(r, 100));
    pending = await store.listPending();
  }
  const proposal = pending[0]!;
  say(`waiting for approval: ${proposal.tool} ${proposal.argsCanonicalJson} (${proposal.reason})`);
  first.child.kill('SIGKILL');
  await first.result;
  say('worker 1 killed (SIGKILL) while it waits');

  const second = worker(['recover', 'refund-ord_42']);
  say('worker 2 starts and recovers the workflow from PostgreSQL');
  // the approver decides through a store that wakes the waiting workflow (DBOS send)
  const client = await DBOSClient.create({ systemDatabaseUrl: db.url });
  const approvals = wakeWorkflowsOnDecide(store, { messenger: client, ledger });
  await approvals.decide(proposal.proposalHash, {
    decision: 'approve',
    approver: 'ada@example.com',
  });
  say('ada@example.com approved; the workflow wakes through DBOS');
  const outcome = JSON.parse(await second.result);
  await client.destroy();
  const refunds = (await pool.query('SELECT order_id, amount FROM refunds')).rows;
  const chain = await verifyAuditLog(audit);
  say(`outcome: ${outcome.status} ${JSON.stringify(outcome.result ?? outcome)}`);
  say(`refunds table: ${JSON.stringify(refunds)} (exactly one row)`);
  say(`audit chain: ${chain.verification.ok ? 'verified' : 'BROKEN'}`);
  failed = outcome.status !== 'executed' || refunds.length !== 1 || !chain.verification.ok;
} finally {
  await pool.end();
  await db.stop();
}
console.log(
  failed ? 'durable-refund: FAILED' : 'durable-refund: the approved refund ran exactly once',
);
process.exit(failed ? 1 : 0);
