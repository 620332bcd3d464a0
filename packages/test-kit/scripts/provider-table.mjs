#!/usr/bin/env node
// Regenerates PROVIDER-CASES.md: runs every adapter's real-provider suite (loopback
// providers, offline) and writes the provider x API x mode x case table they measured.
// Usage: pnpm --filter @argseal/test-kit providers:table   (after `pnpm build`)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const ADAPTERS = ['ai-sdk', 'openai-agents', 'langchain'];
const dir = mkdtempSync(join(tmpdir(), 'argseal-provider-table-'));
const files = ADAPTERS.map((a) => `packages/${a}/src/real-providers.test.ts`);
const run = spawnSync('pnpm', ['vitest', 'run', ...files], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ARGSEAL_PROVIDER_TABLE_DIR: dir },
});
const sections = ADAPTERS.map((a) => {
  const rows = JSON.parse(readFileSync(join(dir, `${a}.json`), 'utf8'));
  const known = rows.filter((r) => r.verdict === 'known').length;
  const failed = rows.filter((r) => r.verdict === 'fail').length;
  const table = readFileSync(join(dir, `${a}.md`), 'utf8');
  return `## ${a}\n\n${rows.length} runs; sealed failures: ${failed}; known failures: ${known}.\n\n${table}`;
});
rmSync(dir, { recursive: true, force: true });
const doc = `# Real-provider cases (generated)

Regenerate with \`pnpm --filter @argseal/test-kit providers:table\`; do not edit by hand.
Each row is one provider package speaking one wire API (loopback server on 127.0.0.1,
scripted turns, tool-call arguments split across deltas, also inside \`\\u\` escapes),
driven by the real framework. Columns: **unsealed** = the framework's own tool, no
argseal (what it does with the text); **sealed** = the adapter's documented wiring;
**sealed+guard** = plus \`createStrictFetch()\` as the provider client's \`fetch\`.
"refused \`code\` (guard)" = the request failed with that code before any framework code
saw the call; "(adapter)" = the adapter refused it (audit \`invalid\` record). **known
failure** = on the adapter's named list in its \`real-providers.test.ts\`.
Each adapter's closed raw-text table (\`src/raw-text-paths.ts\`) is asserted: on a path it
does not list, **sealed** must refuse even the benign spellings \`raw_text_unavailable\`
(decoded-only), and on a listed path each hostile text must be refused with the decoder's
own code, so a provider version that changes what reaches the adapter turns a test red.
\`@langchain/google-genai\` has no fetch hook: its **sealed+guard** column is **sealed**.

${sections.join('\n')}`;
writeFileSync(join(here, '..', 'PROVIDER-CASES.md'), doc);
console.log(`wrote PROVIDER-CASES.md (vitest exit ${run.status})`);
process.exit(run.status ?? 1);
