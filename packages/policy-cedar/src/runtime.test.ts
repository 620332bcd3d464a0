import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const probe = fileURLToPath(new URL('./__fixtures__/dist-probe.mjs', import.meta.url));
const runtime =
  'Deno' in globalThis ? 'deno' : (process.versions as { bun?: string }).bun ? 'bun' : 'node';

// The runtime running this test (Node, or Bun/Deno under vitest.runtimes.config.ts) loads the
// built package, and so Cedar's WASM, the way an application does.
it(`the built package loads Cedar's WASM and decides on ${runtime}`, () => {
  const args = runtime === 'deno' ? ['run', '-A', probe] : [probe];
  const r = spawnSync(process.execPath, args, {
    cwd: packageDir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toEqual([
    'cedar_permit:small',
    'cedar_approval:big',
    'cedar_forbid:cap',
  ]);
});
