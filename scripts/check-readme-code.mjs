// Type-checks every ```ts / ```typescript block of every package README under a strict
// tsconfig. Each block is its own module, written into packages/<dir>/.readme-code/ so
// its imports resolve like the package's own code (its dependencies and its own name).
// Placeholders the samples use without defining them (`payments`, `db`, `model`, ...)
// come from a declared prelude: scripts/readme-prelude/common.d.ts plus
// scripts/readme-prelude/<dir>.d.ts when present. A block whose fence is directly
// preceded by the line `<!-- readme-code: continue -->` continues the previous block
// (one module). Prints one line per failing block with README line numbers, then
// `readme-code: N passed, N failed`; exits 1 when any block fails.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = fileURLToPath(new URL('..', import.meta.url));
const preludes = join(root, 'scripts/readme-prelude');
const OUT = '.readme-code';
const CONTINUE = '<!-- readme-code: continue -->';

const OPTIONS = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  typeRoots: [join(root, 'node_modules/@types')],
  skipLibCheck: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
};

/** The ```ts blocks of a markdown text: modules of one or more consecutive parts. */
function extractModules(markdown) {
  const modules = [];
  const lines = markdown.split('\n');
  let open;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (open === undefined) {
      if (/^```(ts|typescript)\s*$/.test(line)) {
        const cont = lines[i - 1]?.trim() === CONTINUE && modules.length > 0;
        open = { start: i + 2, lines: [], cont };
      }
    } else if (line.startsWith('```')) {
      const part = { line: open.start, code: open.lines.join('\n') };
      if (open.cont) modules.at(-1).parts.push(part);
      else modules.push({ parts: [part] });
      open = undefined;
    } else {
      open.lines.push(line);
    }
  }
  return modules;
}

/** Writes one module; returns a map from its file lines back to README lines. */
function writeModule(file, mod) {
  let text = '';
  const origin = [];
  for (const part of mod.parts) {
    const count = part.code.split('\n').length;
    for (let k = 0; k < count; k++) origin.push(part.line + k);
    text += `${part.code}\n`;
  }
  writeFileSync(file, `${text}export {};\n`);
  return origin;
}

let passed = 0;
let failed = 0;
const dirs = readdirSync(join(root, 'packages')).filter((d) =>
  existsSync(join(root, 'packages', d, 'README.md')),
);
for (const dir of dirs) {
  const pkg = join(root, 'packages', dir);
  const readme = relative(root, join(pkg, 'README.md'));
  const modules = extractModules(readFileSync(join(pkg, 'README.md'), 'utf8'));
  const out = join(pkg, OUT);
  rmSync(out, { recursive: true, force: true });
  if (modules.length === 0) continue;
  mkdirSync(out, { recursive: true });
  let prelude = readFileSync(join(preludes, 'common.d.ts'), 'utf8');
  if (existsSync(join(preludes, `${dir}.d.ts`))) {
    prelude += `\n${readFileSync(join(preludes, `${dir}.d.ts`), 'utf8')}`;
  }
  writeFileSync(join(out, 'prelude.d.ts'), prelude);
  const files = modules.map((mod, n) => {
    const file = join(out, `block-${n + 1}.ts`);
    return { file, mod, origin: writeModule(file, mod), errors: [] };
  });
  try {
    const program = ts.createProgram({
      rootNames: [join(out, 'prelude.d.ts'), ...files.map((f) => f.file)],
      options: OPTIONS,
    });
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n    ');
      const target = files.find((f) => f.file === d.file?.fileName);
      if (target === undefined) {
        console.log(`  FAIL ${readme} prelude: TS${d.code} ${text}`);
        failed++;
        continue;
      }
      const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
      target.errors.push(`${readme}:${target.origin[line] ?? '?'}: TS${d.code} ${text}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  for (const f of files) {
    if (f.errors.length === 0) {
      passed++;
      continue;
    }
    failed++;
    console.log(`  FAIL ${readme} block at line ${f.mod.parts[0].line}`);
    for (const e of f.errors) console.log(`    ${e}`);
  }
}
console.log(`readme-code: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
