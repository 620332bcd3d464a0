// Shared parts of the agent-step benches (issue 19 goal 3, packages/*/bench/step-bench.mjs):
// the tool body, the default-settings authorizer (memory audit log and approvals, as the
// READMEs set it up), the CPU-time comparison and the printed row.
import { compare, fmtNs } from './harness.mjs';

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

/** Compares `{ unsealed, sealed }` by CPU time and prints the row with ratio, goal and met. */
export async function stepRow(label, contenders, goal) {
  const c = await compare(contenders, { async: true, clock: 'cpu', rounds: 11, sampleMs: 200 });
  const ratio = c.sealed / c.unsealed;
  console.log(
    '| agent step, 1 tool call (2 KB), CPU time | sealed | unsealed | ratio | goal | met |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| ${label} | ${fmtNs(c.sealed)} | ${fmtNs(c.unsealed)} | ${ratio.toFixed(2)}x | ≤ ${goal}x | ${ratio <= goal ? 'met' : '**not met**'} |`,
  );
}
