// A worker process on Workflow DevKit's local world (persisted in DATA_DIR) whose steps use
// argseal on PostgreSQL (approvals, audit, the execution ledger and the wait index, and a
// refunds table that is the tool's effect). The crash tests SIGKILL it and start another.
//   MODE=start    start the refund workflow, print {"waiting":runId} once its hook exists
//   MODE=recover  re-enqueue the runs found in DATA_DIR (the restart), print {"ready":true}
//   MODE=serve    (WORLD=postgres) only run the steps the queue delivers
// WORLD=postgres: Workflow DevKit's PostgreSQL world on DATABASE_URL, HTTP routes on PORT.
// Both read "approve <proposalHash>" or "reject <proposalHash>" lines on stdin and decide
// through the waking store (resumeHook); both print {"outcome":...} when the run ends.
// KILL_AT=tool: SIGKILL itself right after the tool's effect (before the step is recorded).
// KILL_AT=start: SIGKILL itself after the grant was consumed, before the tool started.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { createAuthorizer, defineTool } from '@argseal/core';
import {
  createSqlApprovalStore,
  createSqlAuditLog,
  createSqlExecutionLedger,
  migrate,
} from '@argseal/postgres';
import { createLocalWorld } from '@workflow/world-local';
import pg from 'pg';
import { getRun, resumeHook, start } from 'workflow/api';
import { setWorld } from 'workflow/runtime';
import { z } from 'zod';
import { registerSealedTools, wakeHooksOnDecide } from '../../dist/index.js';

const { DATABASE_URL, DATA_DIR, BUNDLES, MODE, ARGS, KILL_AT } = process.env;
const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
await migrate(pool);
await pool.query(`CREATE TABLE IF NOT EXISTS refunds (
  id serial PRIMARY KEY, order_id text NOT NULL, amount int NOT NULL)`);
const audit = createSqlAuditLog(pool);
const store = createSqlApprovalStore(pool, { audit });
// KILL_AT=start: SIGKILL when the ledger is about to record the key as running, i.e. after
// the grant was consumed and before the tool started
const ledgerDb =
  KILL_AT === 'start'
    ? {
        query: (text, params) => {
          if (/INSERT INTO argseal_durable_executions/.test(text)) {
            process.kill(process.pid, 'SIGKILL');
          }
          return pool.query(text, params);
        },
      }
    : pool;
const ledger = createSqlExecutionLedger({ db: ledgerDb });
await ledger.ensureSchema();
const refund = defineTool({
  name: 'refund',
  description: 'Refund an order',
  schema: z.object({ orderId: z.string(), amount: z.number().int(), currency: z.string() }),
  execute: async (input) => {
    await pool.query('INSERT INTO refunds (order_id, amount) VALUES ($1, $2)', [
      input.orderId,
      input.amount,
    ]);
    if (KILL_AT === 'tool') process.kill(process.pid, 'SIGKILL');
    return { refunded: input.amount };
  },
});
const authorizer = createAuthorizer({
  agent: 'refund-bot',
  approvals: store,
  audit,
  policy: ({ parsedArguments }) =>
    parsedArguments.amount > 10_000
      ? { type: 'require_approval', reason: 'amount_above_threshold' }
      : { type: 'allow' },
});
registerSealedTools({ authorizer, ledger, waits: ledger, tools: [refund] });
const approvals = wakeHooksOnDecide(store, { resumeHook, waits: ledger });

const handler = (file) => {
  let loaded;
  return async (request) => {
    loaded ??= import(pathToFileURL(join(BUNDLES, file)).href).then((m) => m.POST);
    return (await loaded)(request);
  };
};
let world;
if (process.env.WORLD === 'postgres') {
  // The PostgreSQL world queues on graphile-worker and delivers each message over HTTP to
  // this process's own routes (PORT): any worker on the database may run any step.
  const routes = {
    '/.well-known/workflow/v1/flow': handler('workflows.mjs'),
    '/.well-known/workflow/v1/step': handler('steps.mjs'),
  };
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const route = routes[new URL(req.url, 'http://localhost').pathname];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const response = await route(
      new Request(`http://localhost${req.url}`, {
        method: req.method,
        headers: req.headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve) => server.listen(Number(process.env.PORT), '127.0.0.1', resolve));
  const { createWorld } = await import('@workflow/world-postgres');
  world = createWorld({ connectionString: DATABASE_URL });
} else {
  world = createLocalWorld({ dataDir: DATA_DIR, recoverActiveRuns: MODE === 'recover' });
  world.registerHandler('__wkf_workflow_', handler('workflows.mjs'));
  world.registerHandler('__wkf_step_', handler('steps.mjs'));
}
await world.start?.();
setWorld(world);

createInterface({ input: process.stdin }).on('line', async (line) => {
  const [decision, proposalHash] = line.trim().split(' ');
  await approvals.decide(proposalHash, { decision, approver: 'ann' });
});

async function finish(run) {
  const outcome = await run.returnValue;
  print({ outcome });
  await pool.end();
  process.exit(0);
}

if (MODE === 'start') {
  const run = await start({ workflowId: 'workflow//./refund-workflow//refundWorkflow' }, [ARGS]);
  // waiting = the hook exists and every step created after it is recorded completed in the
  // run's event log (the log, not the step table: a replay reads the log, and a kill between
  // the two writes would leave a step that is completed in one and in flight in the other)
  for (;;) {
    const events = (await world.events.list({ runId: run.runId, pagination: { limit: 1000 } }))
      .data;
    const hookAt = events.findIndex((e) => e.eventType === 'hook_created');
    const after = hookAt >= 0 ? events.slice(hookAt + 1) : [];
    const created = after.filter((e) => e.eventType === 'step_created').map((e) => e.correlationId);
    const done = new Set(
      after.filter((e) => e.eventType === 'step_completed').map((e) => e.correlationId),
    );
    if (created.length > 0 && created.every((id) => done.has(id))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  print({ waiting: run.runId });
  await finish(run);
} else if (MODE === 'serve') {
  print({ ready: true }); // runs whatever the PostgreSQL world's queue hands it
} else {
  print({ ready: true });
  const runId = process.env.RUN_ID;
  // diagnostics for a run that does not finish: its event log, on stderr
  setTimeout(async () => {
    const events = await world.events.list({ runId, pagination: { limit: 1000 } });
    process.stderr.write(
      `events: ${events.data.map((e) => `${e.eventType}:${e.correlationId ?? ''}`).join(' ')}\n`,
    );
  }, 20_000).unref();
  await finish(getRun(runId));
}
