// Type-checks one consumer file as a user's project would, with the workspace's TypeScript:
//   node typecheck.mjs <consumer.ts> <bundler|node16>
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

const [, , file, mode] = process.argv;
if (!file || !MODES[mode]) {
  console.error('usage: node typecheck.mjs <consumer.ts> <bundler|node16>');
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

const program = ts.createProgram({ rootNames: [root], options });
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
console.log(
  `ok (${files.length} own files checked, ${program.getSourceFiles().length} in program, typescript ${ts.version})`,
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
