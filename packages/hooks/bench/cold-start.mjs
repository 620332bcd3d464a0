// @argseal/hooks benchmark: start-to-decision time of `argseal hook claude-code` (a new
// process per tool call, as the host runs it) as a ratio to `node -e 0`, interleaved rounds,
// medians. Needs the built packages (`pnpm build`). Run: node packages/hooks/bench/cold-start.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_HOOK_ROUNDS ?? 15);
const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'argseal-hook-bench-'));
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
    store: { type: 'embedded', dataDir: join(root, 'data') },
  }),
);
const input = (command) =>
  JSON.stringify({
    session_id: 's',
    transcript_path: '/t',
    cwd: root,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'bench' },
    tool_use_id: 'toolu_bench',
  });

const run = (args, stdin) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { input: stdin ?? '', encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return ms;
};
const contenders = {
  'node -e 0': () => run(['-e', '0']),
  'hook: policy allows (no database)': () =>
    run([BIN, 'hook', 'claude-code', '--config', config], input('git status')),
  'hook: policy denies (no database)': () =>
    run([BIN, 'hook', 'claude-code', '--config', config], input('rm -rf /')),
  'hook: approval lookup (PGlite)': () =>
    run([BIN, 'hook', 'claude-code', '--config', config], input('make all')),
};
contenders['hook: approval lookup (PGlite)'](); // creates the database once (initdb), not measured
const samples = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
for (let i = 0; i < ROUNDS; i++)
  for (const [name, fn] of Object.entries(contenders)) samples[name].push(fn());
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(samples['node -e 0']);
console.log(
  `${ROUNDS} interleaved rounds, medians; a new process per call, as the host runs the hook\n`,
);
console.log('| start to decision | ms | ratio to `node -e 0` |');
console.log('|---|---:|---:|');
for (const [name, xs] of Object.entries(samples)) {
  const m = median(xs);
  console.log(`| ${name} | ${m.toFixed(1)} | ${(m / base).toFixed(2)}x |`);
}
