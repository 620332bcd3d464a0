// Where the test time goes: per-file durations from a vitest JSON report.
//   pnpm vitest run --reporter=json --outputFile=timings.json   (any subset of the suite)
//   node scripts/test-timings.mjs timings.json [--top N] [--compare before.json]
// Prints the slowest files (wall time from the file's start to its end, which includes its
// collection, hooks and waiting on child processes; and the sum of its tests' durations),
// then the total per project. With --compare, a before/after column for the same files.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const top = Number(option('--top') ?? 15);
const compare = option('--compare');
const [file] = args;
if (!file) {
  console.error(
    'usage: node scripts/test-timings.mjs REPORT.json [--top N] [--compare BEFORE.json]',
  );
  process.exit(2);
}

const root = process.cwd();
/** file (relative to the repository) -> { wall, tests, count, status } */
function load(path) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = new Map();
  for (const r of report.testResults ?? []) {
    const tests = (r.assertionResults ?? []).reduce((s, t) => s + (t.duration ?? 0), 0);
    files.set(relative(root, r.name), {
      wall: Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0)),
      tests,
      count: (r.assertionResults ?? []).length,
      skipped: (r.assertionResults ?? []).filter(
        (t) => t.status !== 'passed' && t.status !== 'failed',
      ).length,
      status: r.status,
    });
  }
  return { files, start: report.startTime, numTotalTests: report.numTotalTests };
}

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const now = load(file);
const before = compare ? load(compare) : undefined;
const rows = [...now.files].sort(([, a], [, b]) => b.wall - a.wall);
const sumWall = rows.reduce((s, [, r]) => s + r.wall, 0);

console.log(
  `${rows.length} files, ${now.numTotalTests} tests; sum of file wall times ${seconds(sumWall).trim()} s`,
);
console.log(
  `\nslowest ${top} files (wall s = start to end of the file; tests s = sum of its tests)`,
);
console.log(
  `${'wall s'.padStart(7)} ${'tests s'.padStart(7)}${before ? `${'before'.padStart(8)}` : ''}  file`,
);
for (const [name, r] of rows.slice(0, top)) {
  const was = before?.files.get(name);
  const then = before ? (was ? seconds(was.wall) : '      -').padStart(8) : '';
  const skip = r.skipped ? ` (${r.skipped} of ${r.count} skipped)` : '';
  console.log(`${seconds(r.wall)} ${seconds(r.tests)}${then}  ${name}${skip}`);
}

const projects = new Map();
for (const [name, r] of rows) {
  const project = name.split('/').slice(0, 2).join('/');
  const p = projects.get(project) ?? { wall: 0, files: 0 };
  p.wall += r.wall;
  p.files += 1;
  projects.set(project, p);
}
console.log('\nper package (sum of file wall times)');
for (const [name, p] of [...projects].sort(([, a], [, b]) => b.wall - a.wall)) {
  let then = '';
  if (before) {
    const was = [...before.files]
      .filter(([f]) => f.startsWith(`${name}/`))
      .reduce((s, [, r]) => s + r.wall, 0);
    then = seconds(was).padStart(8);
  }
  console.log(`${seconds(p.wall)}${then}  ${name} (${p.files} files)`);
}
