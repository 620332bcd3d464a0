// A store worker run as a separate OS process by the tests (uses the built package).
// Usage: node worker.mjs <mode> <json-config>
//   race:  {url, schema, bindingHash, agent, consumers, startAt} -> prints {"wins":n,"reasons":{...}}
//   crash: {url?, schema?, dir?, proposals, grantHash, grantAgent} -> suspends, consumes the grant, then
//          appends audit records forever, printing "ready" once the fixed state is written.
//   streams: {url, schema, tag, appenders, per, streams} -> `appenders` concurrent appenders over
//          `streams` audit streams on a pool of 8, `per` records each; prints {"appended":n}.
import { createSqlApprovalStore, createSqlAuditLog, openEmbeddedDatabase } from '@argseal/postgres';
import pg from 'pg';

const [mode, raw] = process.argv.slice(2);
const config = JSON.parse(raw ?? '{}');

function pgConfig() {
  return { connectionString: config.url, options: `-c search_path=${config.schema}` };
}

async function race() {
  // Separate connections: one Client per consumer.
  const clients = await Promise.all(
    Array.from({ length: config.consumers }, async () => {
      const client = new pg.Client(pgConfig());
      await client.connect();
      return client;
    }),
  );
  const stores = clients.map((client) => createSqlApprovalStore(client));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, config.startAt - Date.now())));
  const results = await Promise.all(
    stores.map((store) => store.consume(config.bindingHash, { agent: config.agent })),
  );
  const reasons = {};
  for (const r of results) if (!r.ok) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  process.stdout.write(
    `${JSON.stringify({ wins: results.filter((r) => r.ok).length, reasons })}\n`,
  );
  await Promise.all(clients.map((client) => client.end()));
}

async function crash() {
  const db = config.dir
    ? await openEmbeddedDatabase(config.dir)
    : new pg.Pool({ ...pgConfig(), max: 4 });
  const audit = createSqlAuditLog(db);
  const store = createSqlApprovalStore(db, { audit });
  for (const proposal of config.proposals) await store.suspend(proposal);
  const consumed = await store.consume(config.grantHash, { agent: config.grantAgent });
  await audit.append({
    type: 'approval_consumed',
    bindingHash: config.grantHash,
    data: { ok: consumed.ok },
  });
  process.stdout.write(`ready ${JSON.stringify(consumed.ok)}\n`);
  // Keep appending (several concurrent appenders) until killed.
  let i = 0;
  const loop = async () => {
    for (;;) await audit.append({ type: 'executed', tool: 'refund', data: { i: i++ } });
  };
  await Promise.all([loop(), loop(), loop()]);
}

async function streams() {
  const pool = new pg.Pool({ ...pgConfig(), max: 8 });
  const audit = createSqlAuditLog(pool, { stream: 'agent', checkpointEvery: 0 });
  let appended = 0;
  await Promise.all(
    Array.from({ length: config.appenders }, async (_, w) => {
      for (let i = 0; i < config.per; i++) {
        const agent = `agent-${(w + i) % config.streams}`;
        await audit.append({ type: 'executed', agent, toolCallId: `${config.tag}-${w}-${i}` });
        appended++;
      }
    }),
  );
  process.stdout.write(`${JSON.stringify({ appended })}\n`);
  await pool.end();
}

if (mode === 'race') await race();
else if (mode === 'streams') await streams();
else if (mode === 'crash') await crash();
else throw new Error(`unknown mode ${mode}`);
