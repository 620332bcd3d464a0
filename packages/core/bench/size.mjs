// Size of @argseal/core as a consumer's bundler sees it: the built ESM bundled, minified
// (esbuild) and gzipped. `pnpm bench` reports the row (met or not, like every other row);
// `pnpm size` passes --strict and fails when the gzipped size exceeds the budget.

import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET_GZIP_BYTES = 12 * 1024;
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const result = await build({
  entryPoints: [entry],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'silent',
});
const code = result.outputFiles[0].contents;
const gz = gzipSync(code, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KiB`;
console.log('| @argseal/core | minified | minified + gzip | budget (gzip) | within |');
console.log('|---|---|---|---|---|');
console.log(
  `| dist/index.js, all exports | ${kb(code.length)} | ${kb(gz)} | ${kb(BUDGET_GZIP_BYTES)} | ${gz <= BUDGET_GZIP_BYTES ? 'yes' : '**no**'} |`,
);
if (gz > BUDGET_GZIP_BYTES && process.argv.includes('--strict')) process.exitCode = 1;
