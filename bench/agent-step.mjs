// Shared parts of the agent-step benches (issue 19 goal 3, packages/*/bench/step-bench.mjs):
// the tool body, the default-settings authorizer (memory audit log and approvals, as the
// READMEs set it up), the paired CPU-time comparison and the printed row.
import { spawnSync } from 'node:child_process';
import { fmtNs, pairedRatio } from './harness.mjs';

/** Pass `createAuthorizer`, `createMemoryAuditLog`, `createMemoryApprovalStore` of the package's core. */
export function stepWorld(core) {
  const counter = { total: 0 };
  const audit = core.createMemoryAuditLog();
  const authorizer = core.createAuthorizer({
    agent: 'support-bot',
    audit,
    approvals: core.createMemoryApprovalStore({ audit }),
    policy: ({ parsedArguments }) =>
      parsedArguments.amount <= 1_000_000 ? { type: 'allow' } : { type: 'deny', reason: 'ceiling' },
  });
  const execute = async (input) => {
    counter.total += input.amount;
    return { refunded: input.amount };
  };
  return { counter, audit, authorizer, execute };
}

/**
 * Compares `{ unsealed, sealed }` (one agent step each) by CPU time in paired rounds
 * (`pairedRatio`: warmup, alternating order, gc between samples, median of the per-round
 * ratios) and prints the row: both medians, the ratio with its p25–p75 spread, goal, met.
 * Each row is measured in a fresh child process running the same script (only that row
 * samples): a row measured after another one in the same process inherits its JIT and
 * heap state (polymorphic framework code, retained audit records), which moved both
 * sides by up to 50% and the ratio by up to 0.15x depending on row order.
 * `ARGSEAL_STEP_PROFILE=sealed|unsealed` only runs that side in this process
 * (`ARGSEAL_STEP_N` steps; rows whose label contains `ARGSEAL_STEP_ROW`), for `node --cpu-prof`.
 */
export async function stepRow(label, contenders, goal) {
  const only = process.env.ARGSEAL_STEP_PROFILE;
  if (only) {
    if (!label.includes(process.env.ARGSEAL_STEP_ROW ?? '')) return;
    const fn = contenders[only];
    for (let i = 0; i < Number(process.env.ARGSEAL_STEP_N ?? 3000); i++) await fn();
    return;
  }
  const child = process.env.ARGSEAL_STEP_CHILD;
  if (child !== undefined) {
    if (child !== label) return;
    const r = await pairedRatio(contenders.unsealed, contenders.sealed, {
      rounds: Number(process.env.ARGSEAL_STEP_ROUNDS ?? 151),
      sampleMs: Number(process.env.ARGSEAL_STEP_SAMPLE_MS ?? 25),
      minIterations: 4,
    });
    process.stdout.write(`${RESULT}${JSON.stringify(r)}\n`);
    return;
  }
  const r = measureInChild(label);
  if (!headed) {
    headed = true;
    console.log(
      '| agent step, 1 tool call (2 KB), CPU time | sealed | unsealed | ratio (median of rounds) | p25–p75 | goal | met |',
    );
    console.log('|---|---|---|---|---|---|---|');
  }
  console.log(
    `| ${label} | ${fmtNs(r.subject)} | ${fmtNs(r.base)} | ${r.ratio.toFixed(2)}x | ${r.p25.toFixed(2)}–${r.p75.toFixed(2)}x | ${goal === undefined ? '— | —' : `≤ ${goal}x | ${r.ratio <= goal ? 'met' : '**not met**'}`} |`,
  );
  notes.add(
    `${label}: ${r.rounds} rounds of ${r.iterations} steps per side, in its own process${r.gc ? ', gc() between samples' : ' (run with --expose-gc for gc() between samples)'}.`,
  );
}

const RESULT = 'ARGSEAL_STEP_RESULT ';

/** Runs this script again with only `label` sampling; returns its `pairedRatio` result. */
function measureInChild(label) {
  const out = spawnSync(process.execPath, [...process.execArgv, process.argv[1]], {
    env: { ...process.env, ARGSEAL_STEP_CHILD: label },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  const line = out.stdout?.split('\n').find((l) => l.startsWith(RESULT));
  if (out.status !== 0 || line === undefined)
    throw new Error(`step row "${label}": child exited ${out.status} without a result`);
  return JSON.parse(line.slice(RESULT.length));
}

let headed = false;
const notes = new Set();
process.on('beforeExit', () => {
  if (notes.size > 0) console.log(`\n${[...notes].join('\n')}`);
  notes.clear();
});
