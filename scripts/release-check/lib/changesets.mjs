// Dry run of `changeset version` in a throwaway clone: every public package must land on
// one version (the fixed group), each with a CHANGELOG entry for it; private packages
// (test-kit, examples) must not be versioned.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './proc.mjs';

/** Returns { ok, detail, note } for the report. */
export async function changesetVersionDryRun(root, packages) {
  const dir = mkdtempSync(join(tmpdir(), 'argseal-changesets-'));
  try {
    const clone = await run('git', ['clone', '--quiet', '--no-hardlinks', root, dir], {
      cwd: root,
    });
    if (clone.code !== 0) return { ok: false, detail: clone.stdout + clone.stderr };
    const pending = (await run('git', ['ls-files', '.changeset/*.md'], { cwd: dir })).stdout
      .split('\n')
      .filter((f) => f && !f.endsWith('README.md'));
    if (pending.length === 0) return { ok: true, note: 'no pending changesets' };
    const bin = join(root, 'node_modules/.bin/changeset');
    const version = await run(bin, ['version'], { cwd: dir });
    if (version.code !== 0) return { ok: false, detail: version.stdout + version.stderr };
    const problems = [];
    const versions = new Set();
    for (const p of packages) {
      const rel = p.path.slice(root.length).replace(/^\/+/, '');
      const pkg = JSON.parse(readFileSync(join(dir, rel, 'package.json'), 'utf8'));
      versions.add(pkg.version);
      const changelog = join(dir, rel, 'CHANGELOG.md');
      if (!existsSync(changelog)) problems.push(`${p.name}: no CHANGELOG.md`);
      else if (!readFileSync(changelog, 'utf8').includes(`## ${pkg.version}`))
        problems.push(`${p.name}: CHANGELOG.md has no "## ${pkg.version}" entry`);
    }
    if (versions.size !== 1)
      problems.push(`public packages on ${versions.size} versions: ${[...versions].join(', ')}`);
    const [only] = [...versions];
    if (
      only &&
      /^[1-9]/.test(only) &&
      !pending.some((f) => readFileSync(join(root, f), 'utf8').includes(': major'))
    )
      problems.push(
        `version ${only} is a major bump no changeset asked for (a peer dependency on an @argseal package?)`,
      );
    const privateTouched = (
      await run('git', ['status', '--porcelain', '--', 'examples', 'packages/test-kit'], {
        cwd: dir,
      })
    ).stdout.trim();
    if (privateTouched) problems.push(`private packages were versioned:\n${privateTouched}`);
    return problems.length === 0
      ? {
          ok: true,
          note: `${packages.length} public packages -> ${only}, ${pending.length} changesets`,
        }
      : { ok: false, detail: problems.join('\n') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
