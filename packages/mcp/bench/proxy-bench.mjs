// Proxy overhead per allowed tools/call over stdio: an SDK Client calls a trivial tool
// directly and through the sealing proxy (memory stores; and the CLI default, embedded
// PGlite with the SQL audit chain). Interleaved rounds, medians; the ratio is proxied / direct.
// "byte relay" is an extra process that only copies bytes: the floor of any stdio proxy.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const CALLS = 200;
const ROUNDS = 7;

async function connect(args) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }),
  );
  await client.listTools();
  for (let i = 0; i < 50; i++)
    await client.callTool({ name: 'echo', arguments: { message: 'warm' } });
  return client;
}

async function round(client) {
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const r = await client.callTool({ name: 'echo', arguments: { message: `m${i}` } });
    if (r.isError) throw new Error('the bench call was refused');
  }
  return (performance.now() - t0) / CALLS;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const clients = {
  direct: await connect([here('./trivial-server.mjs')]),
  'byte relay only (floor of any stdio proxy; no goal)': await connect([here('./relay-floor.mjs')]),
  'proxied, memory audit': await connect([here('./proxied-entry.mjs')]),
  'proxied, no audit sink': await connect([here('./proxied-entry.mjs'), 'no-audit']),
  'proxied, default (embedded PGlite audit chain)': await connect([
    here('./proxied-entry.mjs'),
    'sql',
  ]),
};
const times = Object.fromEntries(Object.keys(clients).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, client] of Object.entries(clients)) times[name].push(await round(client));
}
const base = median(times.direct);
// issue 16: at most 1.2x per allowed tools/call of a trivial tool over stdio
const GOAL = 1.2;
console.log('| tools/call over stdio (trivial tool) | ms per call | ratio | goal | met |');
console.log('|---|---|---|---|---|');
for (const [name, xs] of Object.entries(times)) {
  const ratio = median(xs) / base;
  const reference = name === 'direct' || name.startsWith('byte relay');
  const goal = reference ? '' : `≤ ${GOAL}x`;
  const met = reference ? '' : ratio <= GOAL ? 'met' : '**not met**';
  console.log(`| ${name} | ${median(xs).toFixed(3)} | ${ratio.toFixed(2)}x | ${goal} | ${met} |`);
}
for (const client of Object.values(clients)) await client.close();
