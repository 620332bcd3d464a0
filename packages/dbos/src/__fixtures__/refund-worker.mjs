// One worker process: launches DBOS (recovering this executor's pending workflows), then
// either starts the workflow (MODE=start) or waits for the recovered one (MODE=recover),
// and prints its outcome as one JSON line. KILL_AT=tool|start kills the process with
// SIGKILL at that point, as a crash would.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { openRefundApp } from './refund-app.mjs';

const { DATABASE_URL, WORKFLOW_ID, MODE, KILL_AT, ARGS, TIMEOUT_SECONDS, DELAY_WAIT_MS } =
  process.env;
const die = () => process.kill(process.pid, 'SIGKILL');
const hooks = {};
if (KILL_AT === 'tool') hooks.afterEffect = die;
if (KILL_AT === 'start') {
  hooks.wrapLedger = (pool) => ({
    query: (text, params) => {
      if (/INSERT INTO argseal_durable_executions/.test(text)) die();
      return pool.query(text, params);
    },
  });
}
if (DELAY_WAIT_MS) {
  // the decision lands between the request step and the wait's registration
  hooks.wrapLedger = (pool) => ({
    query: async (text, params) => {
      if (/INSERT INTO argseal_durable_waits/.test(text)) {
        await new Promise((r) => setTimeout(r, Number(DELAY_WAIT_MS)));
      }
      return pool.query(text, params);
    },
  });
}
DBOS.setConfig({ name: 'argseal-dbos-test', systemDatabaseUrl: DATABASE_URL, logLevel: 'error' });
const app = await openRefundApp(DATABASE_URL, hooks);
await DBOS.launch();
const options = TIMEOUT_SECONDS ? { timeoutSeconds: Number(TIMEOUT_SECONDS) } : {};
const handle =
  MODE === 'start'
    ? await DBOS.startWorkflow(app.refundWorkflow, { workflowID: WORKFLOW_ID })(ARGS, options)
    : DBOS.retrieveWorkflow(WORKFLOW_ID);
const outcome = await handle.getResult();
process.stdout.write(`${JSON.stringify({ outcome })}\n`);
await DBOS.shutdown();
await app.pool.end();
process.exit(0);
