// `pnpm bench`: every benchmark of the repository, ratios against baselines in the same run.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCallBench } from './call-bench.mjs';
import { formatRows, runCoreBench } from './core-bench.mjs';
import { largeText, smallText } from './payloads.mjs';

console.log(`# argseal benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
console.log(`payloads: ${smallText.length} B and ${largeText.length} B of tool arguments\n`);
console.log('## @argseal/core\n');
const coreRows = await runCoreBench();
const coreTable = formatRows(coreRows);
console.log(coreTable);
console.log('\n## authorizer.call vs the ideal pipeline (issue 19)\n');
const callTable = formatRows(await runCallBench());
console.log(callTable);

// `pnpm bench --write-readme` stores the measured table in packages/core/README.md
if (process.argv.includes('--write-readme')) {
  const readme = fileURLToPath(new URL('../packages/core/README.md', import.meta.url));
  const text = readFileSync(readme, 'utf8');
  const between = (doc, name, body) => {
    const start = `<!-- bench:${name}:start -->`;
    const end = `<!-- bench:${name}:end -->`;
    const i = doc.indexOf(start);
    const j = doc.indexOf(end);
    if (i < 0 || j < i) throw new Error(`bench:${name} markers missing in packages/core/README.md`);
    return `${doc.slice(0, i + start.length)}\n${body}\n${doc.slice(j)}`;
  };
  const core = [
    `Measured by \`pnpm bench\` on Node ${process.version}, 2 cores, ${new Date().toISOString().slice(0, 10)}.`,
    `Payloads: ${smallText.length} B and ${largeText.length} B of tool arguments. Ratios are argseal / baseline from the same run (medians of interleaved rounds); below 1.0x argseal is faster.`,
    '',
    coreTable,
  ].join('\n');
  writeFileSync(readme, between(between(text, 'core', core), 'call', callTable));
  console.log('\n(wrote the table into packages/core/README.md)');
}

// package benchmarks that live beside their packages
const extra = [
  ['@argseal/core size', '../packages/core/bench/size.mjs'],
  ['@argseal/ai-sdk agent step (issue 19)', '../packages/ai-sdk/bench/step-bench.mjs'],
  [
    '@argseal/openai-agents agent step (issue 19)',
    '../packages/openai-agents/bench/step-bench.mjs',
  ],
  ['@argseal/langchain agent step (issue 19)', '../packages/langchain/bench/step-bench.mjs'],
  ['@argseal/policies egress', '../packages/policies/bench/egress-bench.mjs'],
  ['@argseal/postgres', '../packages/postgres/bench/store-bench.mjs'],
  ['@argseal/postgres vs pgbench (#19 goal 5)', '../packages/postgres/bench/ceiling-bench.mjs'],
  ['@argseal/mcp proxy overhead', '../packages/mcp/bench/proxy-bench.mjs'],
  ['@argseal/policy-dlp', '../packages/policy-dlp/bench/scan-bench.mjs'],
  [
    '@argseal/policy-cedar: Cedar vs TypeScript (issue 29)',
    '../packages/policy-cedar/bench/decision-bench.mjs',
  ],
  ['@argseal/hooks cold start', '../packages/hooks/bench/cold-start.mjs'],
  ['@argseal/dbos workflow step (issue 28)', '../packages/dbos/bench/workflow-bench.mjs'],
  ['@argseal/workflow step (issue 28)', '../packages/workflow/bench/workflow-bench.mjs'],
];
for (const [title, rel] of extra) {
  const file = fileURLToPath(new URL(rel, import.meta.url));
  if (!existsSync(file)) continue;
  console.log(`\n## ${title}\n`);
  const r = spawnSync(process.execPath, ['--expose-gc', file], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
