// @argseal/hooks benchmark: start-to-decision time of `argseal hook claude-code` (a new
// process per tool call, as the host runs it) as a ratio to `node -e 0`, interleaved rounds,
// medians, every row against its goal, with the default store (the per-user store daemon
// holding embedded PGlite) warm; then the calls that start the daemon, reported apart.
// Needs the built packages (`pnpm build`).
// Run: node packages/hooks/bench/cold-start.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopStoreDaemon } from '../dist/cli.js';

const ROUNDS = Number(process.env.BENCH_HOOK_ROUNDS ?? 15);
const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'argseal-hook-bench-'));
// the embedded store's folder goes when the bench ends
process.on('exit', () => rmSync(root, { recursive: true, force: true }));
const config = join(root, 'hook.json');
writeFileSync(
  config,
  JSON.stringify({
    agent: 'bench',
    presets: { bash: true, files: true },
    rules: [
      { tool: 'Bash', onlyCommands: ['ls', 'git'], decision: 'allow' },
      { tool: 'Bash', command: 'make', decision: 'require_approval', reason: 'build' },
    ],
    // a loaded machine can take long to create the database on the very first call
    timeoutMs: 120_000,
    store: { type: 'embedded', dataDir: join(root, 'data'), startTimeoutMs: 110_000 },
  }),
);
const input = (command, event = 'PreToolUse') =>
  JSON.stringify({
    session_id: 's',
    transcript_path: '/t',
    cwd: root,
    permission_mode: 'default',
    hook_event_name: event,
    tool_name: 'Bash',
    tool_input: { command, description: 'bench' },
    tool_use_id: 'toolu_bench',
    ...(event === 'PostToolUse' ? { tool_response: { stdout: '', interrupted: false } } : {}),
  });

const run = (args, stdin, expect) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { input: stdin ?? '', encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  if (expect && !r.stdout.includes(expect)) throw new Error(`expected ${expect}: ${r.stdout}`);
  return { ms, stdout: r.stdout };
};
const hook = (stdin, expect) =>
  run([BIN, 'hook', 'claude-code', '--config', config], stdin, expect);

// [name, goal (ratio to node -e 0), one measured call for round i]
const NODE = 'node -e 0';
const rows = [
  [NODE, undefined, () => run(['-e', '0']).ms],
  ['policy allows', 2.0, () => hook(input('git status'), '"allow"').ms],
  ['policy denies', 2.0, () => hook(input('rm -rf /'), '"deny"').ms],
  ['approval: new proposal', 2.5, (i) => hook(input(`make t${i}`), 'approval required').ms],
  ['approval: retry while pending', 2.5, (i) => hook(input(`make t${i}`), 'approval required').ms],
  [
    'approval: approved retry (grant consumed)',
    2.5,
    (i) => {
      const pending = hook(input(`make t${i}`), 'approval required').stdout;
      const id = /proposal ([0-9a-f-]{36})/.exec(pending)[1];
      run([BIN, 'approve', id, '--config', config]); // not measured
      return hook(input(`make t${i}`), 'grant used').ms;
    },
  ],
  ['PostToolUse: executed record', 2.0, () => hook(input('git status', 'PostToolUse')).ms],
];
const dataDir = join(root, 'data');
// the very first call: starts the daemon, which creates and migrates the database
const first = hook(input('make warmup'), 'approval required').ms;
const samples = rows.map(() => []);
for (let i = 0; i < ROUNDS; i++) {
  for (const [k, [, , fn]] of rows.entries()) samples[k].push(fn(i));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(samples[0]);
console.log(
  `${ROUNDS} interleaved rounds, medians; a new process per call, as the host runs the hook\n`,
);
console.log('| start to decision | ms | ratio to `node -e 0` | goal | |');
console.log('|---|---:|---:|---:|---|');
const coldStarts = [];
for (let i = 0; i < 3; i++) {
  await stopStoreDaemon(dataDir);
  coldStarts.push(hook(input('git status'), '"allow"').ms);
}
await stopStoreDaemon(dataDir);
rows.forEach(([name, goal], k) => {
  const m = median(samples[k]);
  const ratio = m / base;
  const verdict = goal === undefined ? '' : ratio <= goal ? 'met' : 'not met';
  console.log(
    `| ${name} | ${m.toFixed(1)} | ${ratio.toFixed(2)}x | ${goal ? `≤ ${goal}x` : ''} | ${verdict} |`,
  );
});
console.log(
  `\nstarting the store daemon (not in the rows above): first call on a new data directory (creates the database) ${first.toFixed(0)} ms (${(first / base).toFixed(1)}x); first call with the daemon stopped, existing database: ${coldStarts.map((ms) => `${ms.toFixed(0)} ms (${(ms / base).toFixed(1)}x)`).join(', ')}`,
);
