// @argseal/workflow benchmark: a Workflow DevKit workflow whose tool call goes through
// argseal's sealed steps (request step, policy allows, ledger-checked execute in the same
// step) against the same workflow running the tool in one plain step. Local world in a
// temporary directory, in this process; builds the bundles with @workflow/vitest's builder.
// Needs the built packages. Run: node packages/workflow/bench/workflow-bench.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createAuthorizer,
  createMemoryAuditLog,
  createMemoryExecutionLedger,
  defineTool,
} from '@argseal/core';
import { buildWorkflowTests } from '@workflow/vitest';
import { createLocalWorld } from '@workflow/world-local';
import { start } from 'workflow/api';
import { setWorld } from 'workflow/runtime';
import { z } from 'zod';
import { createMemoryWaitIndex, registerSealedTools } from '../dist/index.js';

const ROUNDS = Number(process.env.BENCH_WORKFLOW_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_WORKFLOW_RUNS ?? 4);

const pkg = fileURLToPath(new URL('..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'argseal-wf-bench-'));
// the bundles import `workflow`: they must sit inside the package to resolve it
const outDir = join(pkg, '.workflow-bench');
const dataDir = join(tmp, 'data');
const log = console.log;
console.log = () => {}; // the builder is chatty
await buildWorkflowTests({
  cwd: join(pkg, 'src/__fixtures__/workflows'),
  rootDir: pkg,
  outDir,
  dataDir,
});
console.log = log;

const schema = z.object({ orderId: z.string(), amount: z.number().int(), currency: z.string() });
const refund = defineTool({
  name: 'refund',
  description: 'Refund',
  schema,
  execute: async (input) => ({ refunded: input.amount }),
});
const authorizer = createAuthorizer({
  agent: 'bench',
  audit: createMemoryAuditLog(),
  policy: () => ({ type: 'allow' }),
});
registerSealedTools({
  authorizer,
  ledger: createMemoryExecutionLedger(),
  waits: createMemoryWaitIndex(),
  tools: [refund],
});

const world = createLocalWorld({ dataDir, recoverActiveRuns: false });
const handler = (file) => {
  let loaded;
  return async (request) => {
    loaded ??= import(pathToFileURL(join(outDir, file)).href).then((m) => m.POST);
    return (await loaded)(request);
  };
};
world.registerHandler('__wkf_workflow_', handler('workflows.mjs'));
world.registerHandler('__wkf_step_', handler('steps.mjs'));
await world.start?.();
setWorld(world);

const sealed = { workflowId: 'workflow//./refund-workflow//refundWorkflow' };
const plain = { workflowId: 'workflow//./plain-workflow//plainRefundWorkflow' };
const raw = '{"orderId":"ord_1","amount":500,"currency":"EUR"}';
async function round(workflow) {
  const t0 = performance.now();
  for (let i = 0; i < PER_ROUND; i++) {
    const run = await start(workflow, [raw]);
    const outcome = await run.returnValue;
    if (outcome.status !== 'executed') throw new Error(`unexpected ${JSON.stringify(outcome)}`);
  }
  return (performance.now() - t0) / PER_ROUND;
}
await round(plain); // warm-up
await round(sealed);
const ratios = [];
const plainMs = [];
const sealedMs = [];
for (let r = 0; r < ROUNDS; r++) {
  // alternate the order so drift hits both sides alike
  const a = r % 2 === 0 ? await round(plain) : undefined;
  const b = await round(sealed);
  const p = a ?? (await round(plain));
  plainMs.push(p);
  sealedMs.push(b);
  ratios.push(b / p);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log('| row | per workflow run | ratio |');
console.log('|---|---|---|');
console.log(`| plain workflow, tool in one step | ${median(plainMs).toFixed(2)} ms | 1.00x |`);
console.log(
  `| sealed: argseal request step (policy allows, execute + ledger in it) | ${median(sealedMs).toFixed(2)} ms | ${median(ratios).toFixed(2)}x |`,
);
console.log(
  `\n(${ROUNDS} paired rounds of ${PER_ROUND} runs, medians; Workflow DevKit local world on disk, one process)`,
);
await world.close?.();
rmSync(tmp, { recursive: true, force: true });
rmSync(outDir, { recursive: true, force: true });
process.exit(0);
