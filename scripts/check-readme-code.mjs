// Type-checks every ```ts / ```typescript block of every package README (and the root
// README) under a strict tsconfig, each block exactly as a reader would paste it: one block
// is one module, with nothing hidden around it (no prelude, no shared scope with other
// blocks). A block that uses the reader's own objects declares them visibly
// (`declare const model: LanguageModel;`). Each block is written into
// packages/<dir>/.readme-code/ so its imports resolve like the package's own code (its
// dependencies and its own name); the root README's blocks resolve from packages/core.
// Prints one line per failing block with README line numbers, then
// `readme-code: N passed, N failed`; exits 1 when any block fails.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = '.readme-code';

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

/** The ```ts blocks of a markdown text, each with the README line its code starts on. */
function extractBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  let open;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (open === undefined) {
      if (/^```(ts|typescript)\s*$/.test(line)) open = { line: i + 2, lines: [] };
    } else if (line.startsWith('```')) {
      blocks.push({ line: open.line, code: open.lines.join('\n') });
      open = undefined;
    } else {
      open.lines.push(line);
    }
  }
  return blocks;
}

let passed = 0;
let failed = 0;
const readmes = readdirSync(join(root, 'packages'))
  .filter((d) => existsSync(join(root, 'packages', d, 'README.md')))
  .map((d) => ({ file: join(root, 'packages', d, 'README.md'), pkg: join(root, 'packages', d) }));
// the root README's blocks resolve from packages/core (its dir is free again by then)
readmes.push({ file: join(root, 'README.md'), pkg: join(root, 'packages/core') });
for (const { file: readmeFile, pkg } of readmes) {
  const readme = relative(root, readmeFile);
  const markdown = readFileSync(readmeFile, 'utf8');
  if (markdown.includes('<!-- readme-code: continue -->')) {
    // blocks used to share one module through this marker; now each stands alone
    console.log(
      `  FAIL ${readme}: the readme-code continue marker is gone, make the block standalone`,
    );
    failed++;
  }
  const blocks = extractBlocks(markdown);
  const out = join(pkg, OUT);
  rmSync(out, { recursive: true, force: true });
  if (blocks.length === 0) continue;
  mkdirSync(out, { recursive: true });
  const files = blocks.map((block, n) => {
    const file = join(out, `block-${n + 1}.ts`);
    // every block is a module of its own (`export {}`), so no name leaks between blocks
    writeFileSync(file, `${block.code}\nexport {};\n`);
    return { file, block, errors: [] };
  });
  try {
    const program = ts.createProgram({ rootNames: files.map((f) => f.file), options: OPTIONS });
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n    ');
      const target = files.find((f) => f.file === d.file?.fileName);
      if (target === undefined) {
        console.log(`  FAIL ${readme}: TS${d.code} ${text}`);
        failed++;
        continue;
      }
      const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
      target.errors.push(`${readme}:${target.block.line + line}: TS${d.code} ${text}`);
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
    console.log(`  FAIL ${readme} block at line ${f.block.line}`);
    for (const e of f.errors) console.log(`    ${e}`);
  }
}
console.log(`readme-code: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
