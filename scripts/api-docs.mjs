// Builds the API reference (docs/api) from the TSDoc of every public package's exports.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entries = readdirSync(join(root, 'packages'))
  .map((d) => join('packages', d))
  .filter(
    (d) => existsSync(join(root, d, 'package.json')) && existsSync(join(root, d, 'src/index.ts')),
  )
  .filter((d) => !JSON.parse(readFileSync(join(root, d, 'package.json'), 'utf8')).private)
  .flatMap((d) => [join(d, 'src/index.ts'), ...subpathEntries(d)]);

/** Subpath exports (`./kit` → src/kit/index.ts or src/kit.ts) are documented with their package. */
function subpathEntries(dir) {
  const { exports = {} } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  return Object.keys(exports)
    .filter((key) => key.startsWith('./') && key !== './package.json')
    .map((key) => key.slice(2))
    .map((name) => [join(dir, 'src', name, 'index.ts'), join(dir, 'src', `${name}.ts`)])
    .map((candidates) => candidates.find((file) => existsSync(join(root, file))))
    .filter((file) => file !== undefined);
}
const args = [
  'exec',
  'typedoc',
  '--tsconfig',
  'tsconfig.typedoc.json',
  '--out',
  'docs/api',
  '--name',
  'argseal API reference',
  '--readme',
  'none',
  '--excludePrivate',
  '--excludeInternal',
  // source links point at the public repository, not at this checkout's remotes
  '--disableGit',
  '--sourceLinkTemplate',
  'https://github.com/argseal/argseal/blob/main/{path}#L{line}',
  // inherited LangChain docs use md code blocks
  ...[
    'ts',
    'typescript',
    'js',
    'javascript',
    'tsx',
    'jsx',
    'json',
    'jsonc',
    'sh',
    'bash',
    'shell',
    'md',
    'markdown',
    'text',
    'sql',
    'html',
    'css',
  ].flatMap((lang) => ['--highlightLanguages', lang]),
  '--validation.notExported',
  'false',
  '--treatWarningsAsErrors',
  String(process.argv.includes('--strict')),
  ...entries.flatMap((e) => ['--entryPoints', e]),
];
const r = spawnSync('pnpm', args, { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
