// @argseal/postgres against PostgreSQL's own ceiling: the store's approval round trips
// (suspend + decide + consume) and audit appends with 16 and 64 workers, beside pgbench
// replaying the same SQL (round trips) and an append-only INSERT (audit), in one run on
// one throwaway PostgreSQL 15 cluster that this script starts and stops itself.
// Needs the built package (`pnpm --filter @argseal/postgres build`).
// Run: node packages/postgres/bench/ceiling-bench.mjs   (or `pnpm bench` from the root)
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlApprovalStore, createSqlAuditLog, migrate } from '@argseal/postgres';
import pg from 'pg';
import { runPgbench, startCluster } from './cluster.mjs';

const SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_CEILING_ROUNDS ?? 4);
// BENCH_CEILING_WORKERS=16 (default: 16,64) runs only some worker counts
const WORKER_COUNTS = (process.env.BENCH_CEILING_WORKERS ?? '16,64').split(',').map(Number);
const GOALS = { roundTrips: 0.66, appends: 0.5, streams: 0.5 };
// BENCH_CEILING_WORKLOADS=rt,chain,streams (default: all) runs only some of the rows
const WORKLOADS = new Set((process.env.BENCH_CEILING_WORKLOADS ?? 'rt,chain,streams').split(','));

const cluster = await startCluster();
if (!cluster) process.exit(0); // the reason was printed

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let schemaCounter = 0;
const hex = () => randomBytes(32).toString('hex');

/** A fresh migrated schema; `pool` uses it, pgbench gets it through PGOPTIONS. */
async function freshSchema(max) {
  const schema = `argseal_ceiling_${process.pid}_${++schemaCounter}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const options = `-c search_path=${schema}`;
  const pool = new pg.Pool({ connectionString: cluster.url, options, max });
  await migrate(pool);
  return { pool, options };
}

function proposal(agent = 'bench-agent') {
  const h = hex();
  const id = `p-${h.slice(0, 24)}`;
  const argsCanonicalJson = `{"amount":250,"orderId":"${id}"}`;
  return {
    id,
    agent,
    tool: 'refund',
    toolCallId: `call-${id}`,
    argsCanonicalJson,
    proposalHash: h,
    bindingHash: h,
    parsedArguments: JSON.parse(argsCanonicalJson),
    reason: 'bench',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

async function roundTrip(store, p) {
  await store.suspend(p);
  await store.decide(p.proposalHash, { decision: 'approve', approver: 'bench' });
  const result = await store.consume(p.bindingHash, { agent: p.agent });
  if (!result.ok) throw new Error(`consume failed: ${result.reason}`);
}

/** `workers` loops of `step` for SECONDS: completed steps per second. */
async function rate(workers, step) {
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < end) {
        await step(w);
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

/**
 * The SQL one round trip sends, as a pgbench script: every statement exactly as the store
 * sends it, its per-call values (id, hashes, call id) derived from one random bigint per
 * transaction, constant values as pgbench variables (-D), NULLs inlined.
 */
async function roundTripScript(pool) {
  const sent = [];
  const recorder = {
    query: (text, params) => {
      sent.push({ text, params: params ?? [] });
      return pool.query(text, params);
    },
  };
  const p = proposal();
  await roundTrip(createSqlApprovalStore(recorder), p);
  const vars = {};
  const perCall = new Map([
    [p.id, "('p-' || :r::bigint)"],
    [p.proposalHash, "lpad(to_hex(:r::bigint), 64, '0')"],
    [p.toolCallId, "('call-' || :r::bigint)"],
    [p.argsCanonicalJson, `('{"amount":250,"orderId":"p-' || :r::bigint || '"}')`],
  ]);
  const lines = ['\\set r random(1, 9000000000000000000)'];
  const client = await pool.connect();
  try {
    for (const [s, { text, params }] of sent.entries()) {
      // pgbench gives every occurrence of a variable its own parameter: cast each to the
      // type the server inferred for the store's statement
      await client.query(`PREPARE argseal_probe_${s} AS ${text}`);
      const [{ types }] = (
        await client.query(
          'SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = $1',
          [`argseal_probe_${s}`],
        )
      ).rows;
      await client.query(`DEALLOCATE argseal_probe_${s}`);
      const sql = text.replace(/\$(\d+)/g, (_, n) => {
        const value = params[Number(n) - 1];
        const type = types[Number(n) - 1];
        if (value === null || value === undefined) return `NULL::${type}`;
        if (perCall.has(value)) return `(${perCall.get(value)})::${type}`;
        const name = `s${s}p${n}`;
        vars[name] = String(value);
        return `:${name}::${type}`;
      });
      // pgbench would read `:MI` inside the to_char pattern as a variable: quote the
      // colons as to_char literals (same output)
      lines.push(sql.replace(/\s*\n\s*/g, ' ').replaceAll('HH24:MI:SS', 'HH24":"MI":"SS'));
    }
  } finally {
    client.release();
  }
  return {
    script: `${lines.join(';\n')};\n`.replace(/^(\\set[^\n]*);/, '$1'),
    vars,
    statements: sent.length,
    replay: replayStep(pool, sent, p),
  };
}

/**
 * The floor of any Node store on node-postgres: the same recorded statements sent through
 * the same `pg.Pool` as named prepared statements, one per await as the store sends them,
 * with a fresh proposal's values and no store code around them.
 */
function replayStep(pool, sent, recorded) {
  const keys = ['id', 'proposalHash', 'toolCallId', 'argsCanonicalJson'];
  return async () => {
    const p = proposal();
    const fresh = new Map(keys.map((k) => [recorded[k], p[k]]));
    for (const [s, { text, params }] of sent.entries()) {
      const values = params.map((v) => (fresh.has(v) ? fresh.get(v) : v));
      await pool.query({ name: `argseal_replay_${s}`, text, values });
    }
  };
}

/** pgbench's append-only INSERT of records like the store's (same columns, same body size). */
async function appendScript(pool) {
  const record = await createSqlAuditLog(pool).append(auditEvent(0, 0));
  const [row] = (await pool.query('SELECT body FROM argseal_audit WHERE seq = 0')).rows;
  await pool.query('CREATE SEQUENCE argseal_bench_seq START 1000');
  const script = `\\set r random(1, 9000000000000000000)
INSERT INTO argseal_audit (seq, at, prev_hash, hash, type, proposal_hash, body) VALUES (nextval('argseal_bench_seq'), :at, :prev, lpad(to_hex(:r::bigint), 64, '0'), 'executed', NULL, :body);
`;
  return { script, vars: { at: record.at, prev: record.prevHash, body: row.body } };
}

function auditEvent(w, i) {
  return {
    type: 'executed',
    agent: `agent-${w % 16}`,
    tool: 'refund',
    toolCallId: `call-${w}-${i}`,
    proposalHash: createHash('sha256').update(`${w}:${i}`).digest('hex'),
    decision: 'allow',
    argsCanonicalJson: `{"amount":250,"orderId":"o-${w}-${i}"}`,
  };
}

// pgbench's scripts, in a folder removed when the bench ends
let scriptDir;
function scriptFile(name, script) {
  if (scriptDir === undefined) {
    scriptDir = mkdtempSync(join(tmpdir(), 'argseal-ceiling-scripts-'));
    process.on('exit', () => rmSync(scriptDir, { recursive: true, force: true }));
  }
  const file = join(scriptDir, `${name}.sql`);
  writeFileSync(file, script);
  return file;
}

const rows = [];
const notes = [];
function report(workload, workers, ceiling, store, goal) {
  const ratio = store / ceiling;
  rows.push(
    `| ${workload} | ${workers} | ${ceiling.toFixed(0)} | ${store.toFixed(0)} | ${ratio.toFixed(2)} | ≥ ${goal} | ${ratio >= goal ? 'met' : 'not met'} |`,
  );
}

/** Approval round trips: pgbench replaying the store's statements, interleaved with the store. */
async function roundTrips(workers) {
  const rt = await freshSchema(workers);
  const rtScript = await roundTripScript(rt.pool);
  const rtFile = scriptFile(`rt-${workers}`, rtScript.script);
  const store = createSqlApprovalStore(rt.pool);
  await rate(workers, () => roundTrip(store, proposal())); // warm-up: connections, plans
  await rate(workers, rtScript.replay);
  const pgbRt = [];
  const storeRt = [];
  const replayRt = [];
  for (let r = 0; r < ROUNDS; r++) {
    pgbRt.push(
      await runPgbench(cluster, rtFile, {
        workers,
        seconds: SECONDS,
        vars: rtScript.vars,
        options: rt.options,
      }),
    );
    storeRt.push(await rate(workers, () => roundTrip(store, proposal())));
    replayRt.push(await rate(workers, rtScript.replay));
  }
  await rt.pool.end();
  notes.push(
    `round trips, ${workers} workers: node-postgres replaying the same statements without the store ${median(replayRt).toFixed(0)}/s (${(median(replayRt) / median(pgbRt)).toFixed(2)} of pgbench; the store is ${(median(storeRt) / median(replayRt)).toFixed(2)} of it: its concurrent operations share statements, the replay and pgbench send one round trip's statements per worker)`,
  );
  report(
    `approval round trips/s (suspend+decide+consume, ${rtScript.statements} statements)`,
    workers,
    median(pgbRt),
    median(storeRt),
    GOALS.roundTrips,
  );
}

/**
 * Audit appends against pgbench's append-only INSERT, in interleaved rounds: one chain,
 * and 16 streams (stream: 'agent', a checkpoint every 1000 stream records).
 */
async function appends(workers) {
  const target = await freshSchema(1); // pgbench inserts into its own copy of the tables
  const auScript = await appendScript(target.pool);
  await target.pool.end();
  const auFile = scriptFile(`au-${workers}`, auScript.script);
  const au = await freshSchema(workers);
  const st = await freshSchema(workers);
  const log = createSqlAuditLog(au.pool);
  const streamed = createSqlAuditLog(st.pool, { stream: 'agent' });
  const counters = new Array(workers).fill(0);
  const append = (w) => log.append(auditEvent(w, counters[w]++));
  const streamCounters = new Array(workers).fill(0);
  const appendStream = (w) => streamed.append(auditEvent(w, streamCounters[w]++));
  const chain = WORKLOADS.has('chain');
  const streams = WORKLOADS.has('streams');
  if (chain) await rate(workers, append); // warm-up
  if (streams) await rate(workers, appendStream);
  const pgbAu = [];
  const storeAu = [];
  const storeSt = [];
  for (let r = 0; r < ROUNDS; r++) {
    pgbAu.push(
      await runPgbench(cluster, auFile, {
        workers,
        seconds: SECONDS,
        vars: auScript.vars,
        options: target.options,
      }),
    );
    if (chain) storeAu.push(await rate(workers, append));
    if (streams) storeSt.push(await rate(workers, appendStream));
  }
  const core = await import('@argseal/core/store');
  if (chain) {
    const { verifyAuditLog } = await import('@argseal/core');
    if (!(await verifyAuditLog(log)).verification.ok)
      throw new Error('the benchmark chain does not verify');
    report('audit appends/s (one chain)', workers, median(pgbAu), median(storeAu), GOALS.appends);
  }
  if (streams) {
    await streamed.checkpoint();
    if (!(await core.verifyAuditStreams(streamed)).ok)
      throw new Error('the benchmark streams do not verify');
    report(
      'audit appends/s (16 streams by agent)',
      workers,
      median(pgbAu),
      median(storeSt),
      GOALS.streams,
    );
  }
  await au.pool.end();
  await st.pool.end();
}

try {
  for (const workers of WORKER_COUNTS) {
    if (WORKLOADS.has('rt')) await roundTrips(workers);
    if (WORKLOADS.has('chain') || WORKLOADS.has('streams')) await appends(workers);
  }
  console.log(
    `PostgreSQL ${cluster.version} (throwaway cluster, fsync=off, 127.0.0.1), ${SECONDS} s per sample, median of ${ROUNDS} interleaved rounds; ceiling = pgbench -M prepared -j 1 (one client thread, as the store's one Node thread) with the same number of clients; ratio = argseal / ceiling\n`,
  );
  console.log('| workload | workers | pgbench/s (ceiling) | argseal/s | ratio | goal | status |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  if (notes.length > 0) console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
} finally {
  await cluster.stop();
}
