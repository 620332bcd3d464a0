// Type-checks one consumer file as a user's project would, with the workspace's TypeScript:
//   node typecheck.mjs <consumer.ts> <bundler|node16> [--without <package>]...
// `--without` hides an installed package from module resolution, as if the user had not
// installed it (an optional peer): our declaration files must still compile.
// A Node user's strict project (lib es2022, @types/node). The consumer file and every
// declaration file of an installed argseal package (node_modules/@argseal/*, argseal) are
// fully checked, as with skipLibCheck off; third-party declaration files are only used, not
// checked (checking all of ai/langchain/openai takes minutes and is not ours to fix).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const ts = require('typescript');

const MODES = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
};

const USAGE = 'usage: node typecheck.mjs <consumer.ts> <bundler|node16> [--without <package>]...';
const [, , file, mode, ...rest] = process.argv;
const hidden = [];
for (let i = 0; i < rest.length; i += 2) {
  if (rest[i] !== '--without' || !rest[i + 1]) {
    console.error(USAGE);
    process.exit(2);
  }
  hidden.push(rest[i + 1]);
}
if (!file || !MODES[mode]) {
  console.error(USAGE);
  process.exit(2);
}
const root = resolve(file);
const { options, errors } = ts.convertCompilerOptionsFromJson(
  {
    ...MODES[mode],
    target: 'es2022',
    lib: ['es2022'],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: ['node'],
    isolatedModules: true,
    verbatimModuleSyntax: true,
  },
  process.cwd(),
);
if (errors.length > 0) fail(errors);

const host = ts.createCompilerHost(options);
if (hidden.length > 0) {
  // node_modules/<name> and node_modules/@types/<name> do not exist for this program
  const names = hidden.flatMap((n) => [n, `@types/${n.replace(/^@/, '').replace('/', '__')}`]);
  const isHidden = (path) => {
    const p = path.replace(/\\/g, '/');
    return names.some((n) => {
      const dir = `/node_modules/${n}`;
      const at = p.indexOf(dir);
      const next = p[at + dir.length];
      return at >= 0 && (next === undefined || next === '/');
    });
  };
  for (const key of ['fileExists', 'directoryExists']) {
    const original = host[key]?.bind(host);
    if (original) host[key] = (path) => !isHidden(path) && original(path);
  }
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => (isHidden(path) ? undefined : readFile(path));
}
const program = ts.createProgram({ rootNames: [root], options, host });
const ours = (f) =>
  resolve(f.fileName) === root ||
  /[\\/]node_modules[\\/](@argseal[\\/][^\\/]+|argseal)[\\/]/.test(f.fileName);
const files = program.getSourceFiles().filter(ours);
const diagnostics = [
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...files.flatMap((f) => [
    ...program.getSyntacticDiagnostics(f),
    ...program.getSemanticDiagnostics(f),
  ]),
];
if (diagnostics.length > 0) fail(diagnostics);
const without = hidden.length > 0 ? `, without ${hidden.join(', ')}` : '';
console.log(
  `ok (${files.length} own files checked, ${program.getSourceFiles().length} in program${without}, typescript ${ts.version})`,
);

function fail(list) {
  console.log(
    ts.formatDiagnostics(list, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    }),
  );
  process.exit(1);
}
