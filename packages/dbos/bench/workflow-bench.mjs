// @argseal/dbos benchmark: a DBOS workflow whose tool call goes through argseal's durable
// steps (request + ledger-checked execute, policy allows) against the same workflow calling
// the tool in one plain DBOS step. Needs PostgreSQL (DATABASE_URL) and the built packages.
// Run: node packages/dbos/bench/workflow-bench.mjs   (or `pnpm bench` from the root)
import { randomUUID } from 'node:crypto';
import { createAuthorizer, createMemoryAuditLog, defineTool } from '@argseal/core';
import { createDbosApprovals, createDbosLedger } from '@argseal/dbos';
import { DBOS } from '@dbos-inc/dbos-sdk';
import pg from 'pg';
import { z } from 'zod';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.log('skipped: needs PostgreSQL (set DATABASE_URL=postgres://…); DBOS is PostgreSQL-only');
  process.exit(0);
}
const ROUNDS = Number(process.env.BENCH_DBOS_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_DBOS_WORKFLOWS ?? 20);

const name = `argseal_dbos_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dbUrl = url.toString();

const pool = new pg.Pool({ connectionString: dbUrl, max: 8 });
const ledger = createDbosLedger({ db: pool });
await ledger.ensureSchema();
const schema = z.object({ orderId: z.string(), amount: z.number().int(), currency: z.string() });
const work = async (input) => ({ refunded: input.amount });
const refund = defineTool({ name: 'refund', description: 'Refund', schema, execute: work });
const authorizer = createAuthorizer({
  agent: 'bench',
  audit: createMemoryAuditLog(),
  policy: () => ({ type: 'allow' }),
});
const sealed = createDbosApprovals({ authorizer, ledger });
const sealedWorkflow = DBOS.registerWorkflow(async (raw) => sealed.callTool(refund, raw), {
  name: 'sealed',
});
const plainWorkflow = DBOS.registerWorkflow(
  async (raw) => DBOS.runStep(() => work(schema.parse(JSON.parse(raw))), { name: 'refund' }),
  { name: 'plain' },
);
DBOS.setConfig({ name: 'argseal-bench', systemDatabaseUrl: dbUrl, logLevel: 'error' });
await DBOS.launch();

const raw = '{"orderId":"ord_1","amount":500,"currency":"EUR"}';
async function round(workflow) {
  const t0 = performance.now();
  for (let i = 0; i < PER_ROUND; i++) {
    const handle = await DBOS.startWorkflow(workflow)(raw);
    await handle.getResult();
  }
  return (performance.now() - t0) / PER_ROUND;
}
await round(plainWorkflow); // warm-up
await round(sealedWorkflow);
const ratios = [];
const plain = [];
const sealedMs = [];
for (let r = 0; r < ROUNDS; r++) {
  // alternate the order so drift hits both sides alike
  const [a, b] =
    r % 2 === 0
      ? [await round(plainWorkflow), await round(sealedWorkflow)]
      : [await round(sealedWorkflow), await round(plainWorkflow)].reverse();
  plain.push(a);
  sealedMs.push(b);
  ratios.push(b / a);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log('| row | per workflow | ratio |');
console.log('|---|---|---|');
console.log(`| plain DBOS workflow, tool in one step | ${median(plain).toFixed(2)} ms | 1.00x |`);
console.log(
  `| sealed: argseal request + execute steps, ledger | ${median(sealedMs).toFixed(2)} ms | ${median(ratios).toFixed(2)}x |`,
);
console.log(
  `\n(${ROUNDS} paired rounds of ${PER_ROUND} workflows, medians; PostgreSQL, fsync as configured)`,
);
await DBOS.shutdown();
await pool.end();
// without FORCE: DBOS may still hold an idle connection, which FORCE would cut under it
await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => {});
await admin.end();
