// Runs publint --strict and attw --pack (esm-only profile) on every public package.
// Prints "packages: N passed, N failed" (counted by .ci/run).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dirs = readdirSync(join(root, 'packages'))
  .map((d) => join(root, 'packages', d))
  .filter((d) => existsSync(join(d, 'package.json')))
  .filter((d) => !JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')).private);

let passed = 0;
let failed = 0;
function check(label, cmd, args, cwd) {
  try {
    execFileSync(cmd, args, { cwd, stdio: 'pipe', encoding: 'utf8' });
    console.log(`  ok   ${label}`);
    passed++;
  } catch (e) {
    console.log(`  FAIL ${label}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    failed++;
  }
}
for (const dir of dirs) {
  const name = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name;
  check(`publint --strict ${name}`, 'pnpm', ['exec', 'publint', '--strict'], dir);
  check(
    `attw --pack ${name}`,
    'pnpm',
    ['exec', 'attw', '--pack', '.', '--profile', 'esm-only'],
    dir,
  );
}
console.log(`packages: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
