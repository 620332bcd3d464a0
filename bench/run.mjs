// `pnpm bench`: every benchmark of the repository, ratios against baselines in the same run.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatRows, runCoreBench } from './core-bench.mjs';
import { largeText, smallText } from './payloads.mjs';

console.log(`# argseal benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
console.log(`payloads: ${smallText.length} B and ${largeText.length} B of tool arguments\n`);
console.log('## @argseal/core\n');
console.log(formatRows(await runCoreBench()));

// package benchmarks that live beside their packages
const extra = [
  ['@argseal/core size', '../packages/core/bench/size.mjs'],
  ['@argseal/postgres', '../packages/postgres/bench/store-bench.mjs'],
];
for (const [title, rel] of extra) {
  const file = fileURLToPath(new URL(rel, import.meta.url));
  if (!existsSync(file)) continue;
  console.log(`\n## ${title}\n`);
  const r = spawnSync(process.execPath, ['--expose-gc', file], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
