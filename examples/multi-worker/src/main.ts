// Two worker processes and the approval console's store on one database.
//   1. worker A runs the refund call: policy requires approval, the call is paused.
//   2. a person approves it through the store API (what @argseal/console does).
//   3. worker B runs the same call: the grant matches, the refund executes.
//   4. worker A delivers the call again: it already ran on its single-use grant, so it is
//      refused (approval_used_up): nothing executes and nothing is pending again.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { verifyAuditChain } from '@argseal/core/store';
import { createSqlApprovalStore, createSqlAuditLog } from '@argseal/postgres';
import { openDatabase } from './database.js';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function runWorker(name: string): { status: string; proposalHash?: string; pid: number } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', WORKER, name], {
    encoding: 'utf8',
    cwd: ROOT,
  });
  const line = JSON.parse(out.trim().split('\n').pop() ?? '{}');
  console.log(`  worker ${name} (pid ${line.pid}): ${line.status}`);
  return line;
}

async function approve(proposalHash: string): Promise<void> {
  const { db, close, engine } = await openDatabase();
  try {
    const store = createSqlApprovalStore(db, { audit: createSqlAuditLog(db) });
    const pending = await store.listPending();
    console.log(
      `  console (${engine}): ${pending.length} pending; approving ${proposalHash.slice(0, 12)}…`,
    );
    await store.decide(proposalHash, {
      decision: 'approve',
      approver: 'ops@example.com',
      note: 'verified order',
    });
  } finally {
    await close();
  }
}

async function summary(): Promise<number> {
  const { db, close } = await openDatabase();
  try {
    const { rows } = await db.query(
      'SELECT worker, order_id, amount FROM example_refunds ORDER BY id',
    );
    const chain = await verifyAuditChain(await createSqlAuditLog(db).records());
    console.log(`  refunds executed: ${rows.length} ${JSON.stringify(rows)}`);
    console.log(
      `  audit chain: ${chain.ok ? `valid (${chain.length} records)` : `BROKEN at ${chain.index}`}`,
    );
    return chain.ok ? rows.length : -1;
  } finally {
    await close();
  }
}

console.log(
  `multi-worker demo on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite (set DATABASE_URL for PostgreSQL)'}`,
);
const before = await summary();
const paused = runWorker('A');
if (paused.status !== 'suspended' || !paused.proposalHash)
  throw new Error('worker A should have paused');
await approve(paused.proposalHash);
const resumed = runWorker('B');
const replay = runWorker('A');
const executed = (await summary()) - before;
const ok = resumed.status === 'executed' && replay.status === 'denied' && executed === 1;
console.log(ok ? 'OK: paused in A, approved once, executed exactly once by B' : 'FAILED');
if (!ok) process.exitCode = 1;
