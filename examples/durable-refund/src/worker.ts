// One worker process: launches DBOS (which recovers this executor's unfinished workflows),
// starts the refund workflow or waits for the recovered one, prints its outcome.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { openRefundAgent } from './app.js';

const url = process.env.DATABASE_URL!;
const [mode, workflowId, rawArguments] = process.argv.slice(2);
DBOS.setConfig({ name: 'durable-refund', systemDatabaseUrl: url, logLevel: 'error' });
const agent = openRefundAgent(url);
await DBOS.launch();
const handle =
  mode === 'start'
    ? await DBOS.startWorkflow(agent.refundWorkflow, { workflowID: workflowId })(rawArguments!)
    : DBOS.retrieveWorkflow(workflowId!);
console.log(JSON.stringify(await handle.getResult()));
await DBOS.shutdown();
await agent.pool.end();
