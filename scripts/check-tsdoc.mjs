// Lists the public exports (src/index.ts and subpath src/<sub>/index.ts of every public package) that lack a TSDoc comment.
// Uses the TypeScript compiler API: each export is resolved through its re-exports to its
// declaration, and counts as documented when that declaration has a /** ... */ comment.
// Prints one line per missing export and `tsdoc: N passed, N failed`; exits 1 when any is
// missing. `--list` also prints the documented ones.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = fileURLToPath(new URL('..', import.meta.url));
const listAll = process.argv.includes('--list');

const entries = readdirSync(join(root, 'packages'))
  .map((dir) => join(root, 'packages', dir))
  .filter((dir) => existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src/index.ts')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => !manifest.private)
  .flatMap(({ dir, manifest }) => [
    { name: manifest.name, index: join(dir, 'src/index.ts') },
    // subpath exports (`@argseal/core/kit`, `/store`) whose source is src/<sub>/index.ts
    ...Object.keys(manifest.exports ?? {})
      .map((key) => key.replace(/^\.\//, ''))
      .filter((sub) => sub !== '.' && sub !== 'package.json')
      .filter((sub) => existsSync(join(dir, 'src', sub, 'index.ts')))
      .map((sub) => ({
        name: `${manifest.name}/${sub}`,
        index: join(dir, 'src', sub, 'index.ts'),
      })),
  ]);

const program = ts.createProgram({
  rootNames: entries.map((e) => e.index),
  options: {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    skipLibCheck: true,
    allowJs: false,
  },
});
const checker = program.getTypeChecker();

function kindOf(decl) {
  return ts.SyntaxKind[decl.kind].replace(/Declaration$/, '').replace(/Statement$/, '');
}

/** A declaration is documented when it (or its variable statement) carries a JSDoc block. */
function documented(symbol) {
  if (symbol.getDocumentationComment(checker).some((part) => part.text.trim() !== '')) return true;
  return (symbol.declarations ?? []).some((decl) => {
    const host = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
    return ts.getJSDocCommentsAndTags(host).some((doc) => ts.isJSDoc(doc));
  });
}

let passed = 0;
let failed = 0;
for (const entry of entries) {
  const source = program.getSourceFile(entry.index);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) {
    console.log(`  FAIL ${entry.name}: cannot read ${relative(root, entry.index)}`);
    failed++;
    continue;
  }
  const exports = checker.getExportsOfModule(moduleSymbol);
  for (const exported of exports.sort((a, b) => a.name.localeCompare(b.name))) {
    const target =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = target.declarations?.[0];
    const where = decl
      ? `${relative(root, decl.getSourceFile().fileName)}:${
          decl.getSourceFile().getLineAndCharacterOfPosition(decl.getStart()).line + 1
        }`
      : '?';
    if (documented(target)) {
      passed++;
      if (listAll) console.log(`  ok   ${entry.name} ${exported.name}`);
    } else {
      failed++;
      console.log(
        `  missing ${entry.name} ${exported.name} (${decl ? kindOf(decl) : 'unknown'}) ${where}`,
      );
    }
  }
}
console.log(`tsdoc: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
