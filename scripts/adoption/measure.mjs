// How many lines does it take to seal a working three-tool agent? For each framework
// (ai-sdk, openai-agents, langchain) this folder holds the reader's plain agent
// (`plain.ts`), the same agent sealed as the READMEs taught before (`before.ts`) and as
// they teach now (`after.ts`), with one scripted model (`model.ts`) so all run offline.
//
//   node scripts/adoption/measure.mjs [--skip-build] [--keep]
//
// Builds and packs @argseal/core and the three adapters with `pnpm pack`, installs the
// tarballs and the frameworks (lockfile versions) into a scratch npm project in the OS temp
// dir, compiles the files there with strict TypeScript (no casts needed is part of the test)
// and runs them: the plain agent refunds at once; both sealed agents pause for approval,
// are approved and resumed, and refund exactly once; after.ts without its approval lines
// (those naming approve/resume) refunds nothing. Lines counted: every line the sealed
// file adds or changes against plain.ts (`diff`, Biome-formatted at 100 columns, imports
// included), except the policy between `// policy` and `// end policy`.
// Prints one line per framework; exits 1 when a program misbehaves or after.ts needs > 6.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockedVersion, readImporterVersions } from '../release-check/lib/lockfile.mjs';
import { npmEnv } from '../release-check/lib/proc.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = join(root, 'scripts/adoption');
const args = new Set(process.argv.slice(2));
const FRAMEWORKS = {
  'ai-sdk': ['ai'],
  'openai-agents': ['@openai/agents'],
  langchain: ['langchain', '@langchain/core', '@langchain/langgraph'],
};
const GOAL = 6;

function sh(cmd, argv, cwd, env) {
  const r = spawnSync(cmd, argv, { cwd, env: env ?? process.env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** Lines `file` adds or changes against `plain`, outside the policy markers. */
export function countLines(plain, file) {
  const r = spawnSync(
    'diff',
    ['--old-line-format=', '--unchanged-line-format=', '--new-line-format=%dn\n', plain, file],
    { encoding: 'utf8' },
  );
  const added = new Set(r.stdout.split('\n').filter(Boolean).map(Number));
  const lines = readFileSync(file, 'utf8').split('\n');
  let inPolicy = false;
  let count = 0;
  lines.forEach((text, i) => {
    if (text.trim() === '// policy') inPolicy = true;
    const policy = inPolicy;
    if (text.trim() === '// end policy') inPolicy = false;
    if (!policy && added.has(i + 1)) count++;
  });
  return count;
}

const packages = ['core', ...Object.keys(FRAMEWORKS)];
if (!args.has('--skip-build')) {
  sh('pnpm', ['turbo', 'run', 'build', ...packages.map((p) => `--filter=@argseal/${p}`)], root);
}
const scratch = mkdtempSync(join(tmpdir(), 'argseal-adoption-'));
process.on('exit', () => {
  if (args.has('--keep')) console.log(`kept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
});
const lock = readImporterVersions(join(root, 'pnpm-lock.yaml'));
const dependencies = {};
for (const p of packages) {
  const dest = join(scratch, 'tarballs', p);
  mkdirSync(dest, { recursive: true });
  sh('pnpm', ['pack', '--pack-destination', dest], join(root, 'packages', p));
  const tgz = readdirSync(dest).find((f) => f.endsWith('.tgz'));
  dependencies[`@argseal/${p}`] = `file:${join(dest, tgz)}`;
}
for (const [dir, peers] of Object.entries(FRAMEWORKS)) {
  for (const peer of [...peers, 'zod']) {
    dependencies[peer] ??= lockedVersion(lock, `packages/${dir}`, peer, '*');
  }
}
for (const dev of ['typescript', '@types/node'])
  dependencies[dev] = lockedVersion(lock, '.', dev, '*');
writeFileSync(
  join(scratch, 'package.json'),
  JSON.stringify({ name: 'argseal-adoption', private: true, type: 'module', dependencies }),
);
sh('npm', ['install', '--no-audit', '--no-fund'], scratch, npmEnv());
writeFileSync(
  join(scratch, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      lib: ['es2022', 'dom'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      outDir: 'out',
    },
    include: ['src'],
  }),
);
for (const dir of Object.keys(FRAMEWORKS)) {
  cpSync(join(here, dir), join(scratch, 'src', dir), { recursive: true });
  // the sealed agent without its approval lines: it must pause and run nothing
  const after = readFileSync(join(here, dir, 'after.ts'), 'utf8').split('\n');
  const approval = (line) => !line.startsWith('import ') && /approve|resume/i.test(line);
  // it prints what ran even when the framework stops it (the AI SDK throws on an unanswered
  // approval request)
  const unapproved = [
    "import { executed as ran } from './model.js';",
    "process.on('exit', () => console.log('executed: ' + JSON.stringify(ran)));",
    ...after.filter((line) => !approval(line)),
  ].join('\n');
  writeFileSync(join(scratch, 'src', dir, 'unapproved.ts'), unapproved);
}
sh(join(scratch, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], scratch);

const EXPECTED = 'executed: ["refund A-1 12000"]';
let failed = 0;
for (const dir of Object.keys(FRAMEWORKS)) {
  const outcome = {};
  for (const file of ['plain', 'before', 'after', 'unapproved']) {
    const r = spawnSync('node', [join(scratch, 'out', dir, `${file}.js`)], { encoding: 'utf8' });
    const last = r.stdout.trim().split('\n').at(-1);
    const expected = file === 'unapproved' ? 'executed: []' : EXPECTED;
    const exited = r.status === 0 || file === 'unapproved';
    outcome[file] = exited && last === expected ? 'ok' : `FAILED (${last ?? r.stderr})`;
  }
  const before = countLines(join(here, dir, 'plain.ts'), join(here, dir, 'before.ts'));
  const after = countLines(join(here, dir, 'plain.ts'), join(here, dir, 'after.ts'));
  const ok = Object.values(outcome).every((o) => o === 'ok') && after <= GOAL;
  if (!ok) failed++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${dir}: before ${before} lines, after ${after} lines (goal ${GOAL}); ` +
      `runs: plain ${outcome.plain}, before ${outcome.before}, after ${outcome.after}, ` +
      `after without its approval lines runs nothing: ${outcome.unapproved}`,
  );
}
process.exit(failed === 0 ? 0 : 1);
