// Proxy overhead per allowed tools/call over stdio (issue 16: at most 1.2x calling the
// server directly, trivial tool). An SDK Client calls trivial-server.mjs directly, through
// a byte relay (relay-floor.mjs: one extra process that only copies bytes, the floor of any
// stdio proxy) and through the sealing proxy (no audit sink, memory audit, and the CLI
// default: embedded PGlite with the SQL audit chain). Rounds are interleaved and their
// order rotates; each row reports the median µs per call and the medians of its per-round
// ratios to direct and to the floor. A second table sends `ping` (passed through, not
// sealed) to measure the proxy's own transport and relay code against the same floor.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = (f) => fileURLToPath(new URL(f, import.meta.url));
const CALLS = Number(process.env.MCP_BENCH_CALLS ?? 100);
const ROUNDS = Number(process.env.MCP_BENCH_ROUNDS ?? 21);
// issue 16: at most 1.2x per allowed tools/call of a trivial tool over stdio
const GOAL = 1.2;

async function connect(args) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }),
  );
  await client.listTools();
  for (let i = 0; i < 100; i++)
    await client.callTool({ name: 'echo', arguments: { message: 'warm' } });
  return client;
}

const ops = {
  async call(client) {
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) {
      const r = await client.callTool({ name: 'echo', arguments: { message: `m${i}` } });
      if (r.isError) throw new Error('the bench call was refused');
    }
    return ((performance.now() - t0) * 1000) / CALLS;
  },
  async ping(client) {
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) await client.ping();
    return ((performance.now() - t0) * 1000) / CALLS;
  },
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const DIRECT = 'direct';
const FLOOR = 'byte relay only (floor of any stdio proxy)';
const rows = {
  [DIRECT]: [here('./trivial-server.mjs')],
  [FLOOR]: [here('./relay-floor.mjs')],
  'sealed, no audit sink': [here('./proxied-entry.mjs'), 'no-audit'],
  'sealed, memory audit': [here('./proxied-entry.mjs')],
  'sealed, default (embedded PGlite audit chain)': [here('./proxied-entry.mjs'), 'sql'],
};
const clients = {};
for (const [name, args] of Object.entries(rows)) clients[name] = await connect(args);

async function measure(op, names) {
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length];
      times[name].push(await ops[op](clients[name]));
    }
  }
  const ratio = (name, base) => median(times[name].map((t, i) => t / times[base][i]));
  return names.map((name) => ({
    name,
    us: median(times[name]),
    direct: ratio(name, DIRECT),
    floor: ratio(name, FLOOR),
  }));
}

const x = (v) => `${v.toFixed(2)}x`;
const calls = await measure('call', Object.keys(rows));
const floor = calls.find((r) => r.name === FLOOR);
console.log(
  `${ROUNDS} interleaved rounds of ${CALLS} calls, ${availableParallelism()} cores; medians\n`,
);
console.log(
  '| tools/call over stdio (trivial tool) | µs per call | vs direct | vs floor | goal | met |',
);
console.log('|---|---|---|---|---|---|');
for (const r of calls) {
  const reference = r.name === DIRECT || r.name === FLOOR;
  const goal = reference ? '' : `≤ ${GOAL}x direct`;
  const met = reference ? '' : r.direct <= GOAL ? 'met' : '**not met**';
  console.log(
    `| ${r.name} | ${r.us.toFixed(0)} | ${x(r.direct)} | ${r.name === DIRECT ? '' : x(r.floor)} | ${goal} | ${met} |`,
  );
}
if (floor.direct > GOAL) {
  console.log(
    `\nThe floor alone is ${x(floor.direct)} direct here (3 processes on ${availableParallelism()} cores):` +
      ` no separate stdio proxy process can meet ${GOAL}x on this machine; "vs floor" is the proxy's own cost.`,
  );
}

const pings = await measure('ping', [DIRECT, FLOOR, 'sealed, memory audit']);
console.log(
  '\n| ping over stdio (passed through, not sealed) | µs per call | vs direct | vs floor |',
);
console.log('|---|---|---|---|');
for (const r of pings) {
  const name =
    r.name === 'sealed, memory audit' ? 'argseal proxy (transport and relay only)' : r.name;
  console.log(
    `| ${name} | ${r.us.toFixed(0)} | ${x(r.direct)} | ${r.name === DIRECT ? '' : x(r.floor)} |`,
  );
}
for (const client of Object.values(clients)) await client.close();
