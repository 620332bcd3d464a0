// @argseal/postgres benchmark: suspend + decide + consume round trips with 16 concurrent
// workers, and the audit append rate, on PGlite (embedded) and on PostgreSQL when
// DATABASE_URL is set. Needs the built package: `pnpm --filter @argseal/postgres build`.
// Run: node packages/postgres/bench/store-bench.mjs   (or `pnpm bench` from the root)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeProposalHash } from '@argseal/core';
import { canonicalize } from '@argseal/core/store';
import {
  createSqlApprovalStore,
  createSqlAuditLog,
  migrate,
  openEmbeddedDatabase,
} from '@argseal/postgres';

const WORKERS = Number(process.env.BENCH_STORE_WORKERS ?? 16);
const ROUNDS = Number(process.env.BENCH_STORE_ROUNDS ?? 50); // per worker
const APPENDS = Number(process.env.BENCH_AUDIT_APPENDS ?? 800);

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const ms = (x) => x.toFixed(2);

async function proposals(n, tag) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const agent = 'bench-agent';
    const tool = 'refund';
    const argsCanonicalJson = canonicalize({ amount: 100 + i, orderId: `${tag}-${i}` });
    const proposalHash = await computeProposalHash({ agent, tool, argsCanonicalJson });
    out.push({
      id: `${tag}-${i}`,
      agent,
      tool,
      toolCallId: `call-${i}`,
      argsCanonicalJson,
      proposalHash,
      bindingHash: proposalHash,
      parsedArguments: JSON.parse(argsCanonicalJson),
      reason: 'bench',
      createdAt: new Date().toISOString(),
    });
  }
  return out;
}

/** 16 workers, each: suspend -> decide -> consume, ROUNDS times. Latency per full round trip. */
async function lifecycle(db, tag) {
  const store = createSqlApprovalStore(db);
  const all = await proposals(WORKERS * ROUNDS, tag);
  const lat = [];
  const parts = { suspend: 0, decide: 0, consume: 0 };
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let r = 0; r < ROUNDS; r++) {
        const p = all[w * ROUNDS + r];
        const a = performance.now();
        await store.suspend(p);
        const b = performance.now();
        await store.decide(p.proposalHash, { decision: 'approve', approver: 'bench' });
        const c = performance.now();
        const result = await store.consume(p.bindingHash, { agent: p.agent });
        const d = performance.now();
        if (!result.ok) throw new Error(`consume failed: ${result.reason}`);
        lat.push(d - a);
        parts.suspend += b - a;
        parts.decide += c - b;
        parts.consume += d - c;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  lat.sort((x, y) => x - y);
  const n = lat.length;
  return {
    rps: n / seconds,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    split: `suspend ${ms(parts.suspend / n)} / decide ${ms(parts.decide / n)} / consume ${ms(parts.consume / n)}`,
  };
}

/** 16 concurrent appenders, APPENDS records in total. */
async function auditRate(db) {
  const audit = createSqlAuditLog(db);
  const per = Math.ceil(APPENDS / WORKERS);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = 0; i < per; i++)
        await audit.append({ type: 'executed', tool: 'refund', data: { w, i } });
    }),
  );
  return (per * WORKERS) / ((performance.now() - t0) / 1000);
}

function row(engine, life, rate) {
  return `| ${engine} | ${life.rps.toFixed(0)} | ${ms(life.p50)} | ${ms(life.p99)} | ${life.split} | ${rate.toFixed(0)} |`;
}

console.log(
  `${WORKERS} concurrent workers, ${WORKERS * ROUNDS} suspend+decide+consume round trips, ${APPENDS} audit appends per engine\n`,
);
console.log('| engine | round trips/s | p50 ms | p99 ms | mean ms per step | audit appends/s |');
console.log('|---|---|---|---|---|---|');

for (const [label, dir] of [
  ['PGlite (in-memory)', undefined],
  ['PGlite (file-backed)', mkdtempSync(join(tmpdir(), 'argseal-bench-'))],
]) {
  const db = await openEmbeddedDatabase(dir);
  await lifecycle(db, 'warm-pglite'); // warm-up
  console.log(row(label, await lifecycle(db, 'pglite'), await auditRate(db)));
  await db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const schema = `argseal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    options: `-c search_path=${schema}`,
    max: WORKERS,
  });
  try {
    await migrate(pool);
    await lifecycle(pool, 'warm-pg');
    console.log(
      row(
        `PostgreSQL (pg Pool, max ${WORKERS})`,
        await lifecycle(pool, 'pg'),
        await auditRate(pool),
      ),
    );
  } finally {
    await pool.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
} else {
  console.log('| PostgreSQL | skipped: DATABASE_URL not set | | | | |');
}
