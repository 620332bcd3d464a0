// Sums test counts from a `pnpm test` log: vitest's "Tests  N passed | M failed" lines and
// our own "N passed, N failed" lines (package checks, release checks). Prints one line, and
// before it the failing tests and steps (a CI log is often read from its end only).
import { readFileSync } from 'node:fs';

const [, , logFile, statusArg] = process.argv;
const text = readFileSync(logFile, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
const failures = new Set();
for (const line of text.split('\n')) {
  if (/^\s*(FAIL|×)\s/.test(line)) failures.add(line.trim());
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest) {
    passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
    continue;
  }
  const own = /^\s*[a-z:-]+: (\d+) passed, (\d+) failed\s*$/.exec(line);
  if (own) {
    passed += Number(own[1]);
    failed += Number(own[2]);
    if (Number(own[2]) > 0) failures.add(line.trim());
  }
}
if (failures.size > 0) {
  const list = [...failures];
  console.log(`failures (${list.length}):`);
  for (const line of list.slice(0, 40)) console.log(`  ${line}`);
  if (list.length > 40) console.log(`  … ${list.length - 40} more in the log above`);
}
const status = Number(statusArg ?? 0);
if (status !== 0 && failed === 0) failed = 1; // a failing step that ran no counted test
console.log(`${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
