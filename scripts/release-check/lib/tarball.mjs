// Checks on one packed tarball: its file list, publint --strict and attw (esm-only).
import { join } from 'node:path';
import { run } from './proc.mjs';

const FORBIDDEN = [
  [/(^|\/)[^/]*\.test(-d)?\.[cm]?[jt]sx?$/, 'test file'],
  [/(^|\/)__fixtures__\//, 'fixture'],
  [/^package\/src\//, 'source file'],
  [/(^|\/)tsconfig[^/]*\.json$/, 'tsconfig'],
  [/(^|\/)vitest\.config\./, 'vitest config'],
];

/** Check tasks (for `pool`) on package `p`'s tarball `tgz`; each resolves to a result. */
export function tarballChecks(root, p, tgz) {
  const bin = (name) => join(root, 'node_modules/.bin', name);
  return [
    async () => {
      const r = await run('tar', ['-tzf', tgz]);
      const files = r.stdout.split('\n').filter(Boolean);
      const problems = [];
      for (const f of files) {
        for (const [re, what] of FORBIDDEN) if (re.test(f)) problems.push(`${what}: ${f}`);
      }
      for (const need of ['package/package.json', 'package/README.md', 'package/LICENSE']) {
        if (!files.includes(need)) problems.push(`missing ${need}`);
      }
      if (!files.some((f) => f.startsWith('package/dist/') && f.endsWith('.d.ts'))) {
        problems.push('no dist/*.d.ts');
      }
      return {
        label: `contents ${p.name}`,
        ok: r.code === 0 && problems.length === 0,
        detail: r.code === 0 ? problems.join('\n') : r.stderr,
        ms: r.ms,
        note: `${files.length} files`,
      };
    },
    async () => {
      // the README npm shows: an install command naming the package, and a code example
      const r = await run('tar', ['-xzOf', tgz, 'package/README.md']);
      const name = p.name.replace(/[/@.-]/g, (c) => `\\${c}`);
      const problems = [];
      if (!new RegExp(`(npm (i|install)|pnpm add|yarn add) [^\\n]*${name}(\\s|$)`).test(r.stdout)) {
        problems.push(`no install command for ${p.name} (e.g. \`npm install ${p.name}\`)`);
      }
      if (!/^```(ts|typescript|js|javascript|mjs)\s*$/m.test(r.stdout))
        problems.push('no ts/js example');
      return {
        label: `readme ${p.name}`,
        ok: r.code === 0 && problems.length === 0,
        detail: r.code === 0 ? problems.join('\n') : r.stderr,
      };
    },
    async () => {
      const r = await run(bin('publint'), ['run', tgz, '--strict'], { cwd: root });
      return {
        label: `publint --strict ${p.name}`,
        ok: r.code === 0,
        detail: r.stdout + r.stderr,
        ms: r.ms,
      };
    },
    async () => {
      const r = await run(
        bin('attw'),
        [
          tgz,
          '--profile',
          'esm-only',
          '--no-definitely-typed',
          '--format',
          'table-flipped',
          '--no-color',
        ],
        { cwd: root },
      );
      return { label: `attw ${p.name}`, ok: r.code === 0, detail: r.stdout + r.stderr, ms: r.ms };
    },
  ];
}
