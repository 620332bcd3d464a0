// pnpm release:check — do the packages work when installed from npm, outside this workspace?
//
// Builds every public package, packs it with `pnpm pack` (workspace:^ becomes a real range),
// installs the tarballs plus their peer dependencies (versions from pnpm-lock.yaml) into a
// scratch npm project in the OS temp dir with plain `npm install`, then there:
//   - type-checks scripts/release-check/consumers/<dir>.ts against the built .d.ts
//     (strict; moduleResolution bundler + module esnext, and node16 + module node16), and
//     the VARIANTS below with an optional peer hidden (a user who did not install it),
//   - runs scripts/release-check/smoke/<dir>.mjs (offline: scripted models, PGlite),
//   - runs publint --strict and attw --profile esm-only on every tarball, checks the packed
//     file list and the package.json metadata (scripts/package-metadata.mjs).
// Prints one line per check and `release-check: N passed, N failed`; exits 1 on failure.
// Flags: --skip-build (use existing dist/), --keep (keep the scratch dir).
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changesetVersionDryRun } from './release-check/lib/changesets.mjs';
import { lockedVersion, readImporterVersions } from './release-check/lib/lockfile.mjs';
import { metadataProblems } from './release-check/lib/metadata.mjs';
import { npmEnv, pool, run } from './release-check/lib/proc.mjs';
import { createReport } from './release-check/lib/report.mjs';
import { tarballChecks } from './release-check/lib/tarball.mjs';
import {
  buildLevels,
  EXPECTED,
  publicPackages,
  REQUIRED_SMOKES,
} from './release-check/lib/workspace.mjs';

/**
 * Extra consumer type checks per package dir: `file` in consumers/, checked with the
 * `without` packages hidden from module resolution (optional peers a user may not install).
 */
const VARIANTS = {
  postgres: [{ file: 'postgres-pg-only.ts', without: ['@electric-sql/pglite'], what: 'pg only' }],
};

const root = fileURLToPath(new URL('..', import.meta.url));
const here = join(root, 'scripts/release-check');
const args = new Set(process.argv.slice(2));
const limit = Math.max(2, cpus().length);
const report = createReport();
const started = Date.now();

const packages = publicPackages(root);
for (const dir of EXPECTED) {
  if (!packages.some((p) => p.dir === dir))
    report.add(`package packages/${dir} exists`, false, 'missing');
}

// 1. build, in dependency order
const built = new Set();
report.section(args.has('--skip-build') ? 'build (skipped: using existing dist/)' : 'build');
for (const level of buildLevels(packages)) {
  await Promise.all(
    level.map(async (p) => {
      const blocked = p.internal.filter((d) => !built.has(d));
      if (blocked.length > 0)
        return report.add(`build ${p.name}`, false, `not built: ${blocked.join(', ')} failed`);
      if (args.has('--skip-build')) {
        const ok = existsSync(join(p.path, 'dist'));
        if (ok) built.add(p.name);
        return ok || report.add(`build ${p.name}`, false, 'no dist/ (run without --skip-build)');
      }
      const r = await run('pnpm', ['--filter', p.name, 'run', 'build'], { cwd: root });
      if (report.add(`build ${p.name}`, r.code === 0, r.stdout + r.stderr, r.ms)) built.add(p.name);
    }),
  );
}

// 2. pack into the scratch dir (outside the repo)
const scratch = mkdtempSync(join(tmpdir(), 'argseal-release-check-'));
console.log(`\nscratch project: ${scratch}`);
process.on('exit', () => {
  if (args.has('--keep')) console.log(`kept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
});
const tarballs = new Map(); // name -> absolute .tgz path
report.section('pack');
await pool(
  limit,
  packages
    .filter((p) => built.has(p.name))
    .map((p) => async () => {
      const dest = join(scratch, 'tarballs', p.dir);
      mkdirSync(dest, { recursive: true });
      const r = await run('pnpm', ['pack', '--pack-destination', dest], { cwd: p.path });
      const file = readdirSync(dest).find((f) => f.endsWith('.tgz'));
      if (
        report.add(`pack ${p.name}`, r.code === 0 && file !== undefined, r.stdout + r.stderr, r.ms)
      ) {
        tarballs.set(p.name, join(dest, file));
      }
    }),
);

// 3. scratch npm project: tarballs + peer dependencies at the lockfile's versions
const lock = readImporterVersions(join(root, 'pnpm-lock.yaml'));
const installable = packages.filter((p) => tarballs.has(p.name));
for (const p of installable.filter((q) => q.internal.some((d) => !tarballs.has(d)))) {
  report.add(
    `install ${p.name}`,
    false,
    `skipped: needs ${p.internal.filter((d) => !tarballs.has(d)).join(', ')}`,
  );
}
const toInstall = installable.filter((p) => p.internal.every((d) => tarballs.has(d)));
const dependencies = {};
for (const p of toInstall) {
  for (const [peer, range] of Object.entries(p.manifest.peerDependencies ?? {})) {
    if (tarballs.has(peer) || dependencies[peer]) continue;
    dependencies[peer] = lockedVersion(lock, `packages/${p.dir}`, peer, range);
  }
}
// smoke scripts use zod; consumers use @types/node, and the pg-only consumer @types/pg
for (const extra of ['zod', '@types/node', '@types/pg'])
  dependencies[extra] ??= lockedVersion(lock, '.', extra, '*');
for (const p of toInstall) dependencies[p.name] = `file:${tarballs.get(p.name)}`;
writeFileSync(
  join(scratch, 'package.json'),
  `${JSON.stringify({ name: 'argseal-release-check', private: true, type: 'module', dependencies }, null, 2)}\n`,
);
report.section('install');
console.log(
  `  peers: ${Object.entries(dependencies)
    .filter(([, v]) => !v.startsWith('file:'))
    .map(([k, v]) => `${k}@${v}`)
    .join(' ')}`,
);
const install =
  toInstall.length === 0
    ? { code: 1, stdout: '', stderr: 'nothing to install', ms: 0 }
    : await run('npm', ['install', '--no-audit', '--no-fund'], {
        cwd: scratch,
        env: npmEnv(),
        timeoutMs: 600_000,
      });
const installed = new Set();
if (
  report.add(
    `npm install (${toInstall.length} tarballs)`,
    install.code === 0,
    install.stdout + install.stderr,
    install.ms,
    `${Object.keys(dependencies).length} direct dependencies`,
  )
) {
  for (const p of toInstall) installed.add(p.name);
  const single = singleCopies(scratch, [...installed]);
  const label = 'each argseal package installed once, from its tarball';
  report.add(label, single.ok, single.detail, undefined, single.detail);
}

// 4. per-tarball lint, consumer type checks, smoke scripts (in parallel)
cpSync(join(here, 'consumers'), join(scratch, 'consumers'), { recursive: true });
cpSync(join(here, 'smoke'), join(scratch, 'smoke'), { recursive: true });
const tasks = [];
for (const p of packages) {
  tasks.push(async () => {
    const problems = metadataProblems(p.manifest, p.dir);
    return { label: `metadata ${p.name}`, ok: problems.length === 0, detail: problems.join('\n') };
  });
  const tgz = tarballs.get(p.name);
  if (tgz) tasks.push(...tarballChecks(root, p, tgz));
  if (!installed.has(p.name)) continue;
  const consumer = join(scratch, 'consumers', `${p.dir}.ts`);
  for (const mode of ['bundler', 'node16']) {
    const label = `types ${p.name} (${mode})`;
    if (!existsSync(consumer)) {
      tasks.push(async () => ({ label, ok: false, detail: `no consumers/${p.dir}.ts` }));
      continue;
    }
    tasks.push(async () => {
      const r = await run('node', [join(here, 'lib/typecheck.mjs'), consumer, mode], {
        cwd: scratch,
      });
      return { label, ok: r.code === 0, detail: r.stdout + r.stderr, ms: r.ms, note: r.stdout };
    });
  }
  for (const variant of VARIANTS[p.dir] ?? []) {
    for (const mode of ['bundler', 'node16']) {
      const label = `types ${p.name} ${variant.what}, without ${variant.without.join(', ')} (${mode})`;
      const without = variant.without.flatMap((name) => ['--without', name]);
      tasks.push(async () => {
        const file = join(scratch, 'consumers', variant.file);
        const r = await run('node', [join(here, 'lib/typecheck.mjs'), file, mode, ...without], {
          cwd: scratch,
        });
        return { label, ok: r.code === 0, detail: r.stdout + r.stderr, ms: r.ms, note: r.stdout };
      });
    }
  }
  const smoke = join(scratch, 'smoke', `${p.dir}.mjs`);
  if (existsSync(smoke)) {
    tasks.push(async () => {
      const r = await run('node', [smoke], { cwd: scratch, timeoutMs: 180_000 });
      const result = { label: `smoke ${p.name}`, ok: r.code === 0, detail: r.stdout + r.stderr };
      return { ...result, ms: r.ms, note: r.stdout };
    });
  } else if (REQUIRED_SMOKES.includes(p.dir)) {
    tasks.push(async () => ({
      label: `smoke ${p.name}`,
      ok: false,
      detail: `no smoke/${p.dir}.mjs`,
    }));
  }
}
for (const dir of REQUIRED_SMOKES) {
  const p = packages.find((q) => q.dir === dir);
  if (!p || !installed.has(p.name))
    report.add(`smoke ${p?.name ?? dir}`, false, 'package not installed');
}
report.section('checks');
const started4 = Date.now();
const results = await pool(limit, tasks);
for (const r of results.sort((a, b) => a.label.localeCompare(b.label)))
  report.add(r.label, r.ok, r.detail, r.ms, r.note);
console.log(`  (checks took ${((Date.now() - started4) / 1000).toFixed(1)}s)`);

report.section('versioning');
const versioned = await changesetVersionDryRun(root, packages);
report.add(
  'changeset version (dry run in a clone)',
  versioned.ok,
  versioned.detail,
  undefined,
  versioned.note,
);

console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(1)}s`);
process.exit(report.finish() ? 0 : 1);

/** Reads package-lock.json: every argseal package must appear once and come from a file: tarball. */
function singleCopies(dir, names) {
  const lockText = readFileSync(join(dir, 'package-lock.json'), 'utf8');
  const entries = Object.entries(JSON.parse(lockText).packages ?? {});
  const problems = [];
  for (const name of names) {
    const copies = entries.filter(([key]) => key.endsWith(`node_modules/${name}`));
    if (copies.length !== 1)
      problems.push(`${name}: ${copies.length} copies (${copies.map(([k]) => k).join(', ')})`);
    for (const [key, meta] of copies) {
      if (!String(meta.resolved ?? '').startsWith('file:'))
        problems.push(`${key} resolved from ${meta.resolved}`);
    }
  }
  return { ok: problems.length === 0, detail: problems.join('\n') || `${names.length} packages` };
}
