// `pnpm lint` step: every regular expression in shipped source is checked for super-linear
// backtracking (ReDoS) with recheck's pure-JS backend. Model-controlled text reaches many of
// them (URLs, ids, argument strings), so a vulnerable pattern fails the lint. A RegExp built
// at run time cannot be checked here: list it in DYNAMIC with the reason it is safe.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

process.env.RECHECK_SYNC_BACKEND ??= 'pure';
const { checkSync } = await import('recheck');

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js)$/;
const SKIP = /(?:\.test(?:-d)?\.|__fixtures__|\.d\.ts$)/;

/** `new RegExp(...)` with a non-literal pattern, by file: why each one is safe. */
const DYNAMIC = new Map([
  [
    'packages/policies/src/scope/json-schema-scope.ts',
    "patternProperties of the server's own tool schema, tested only against the configured scope field names",
  ],
  [
    'packages/policy-dlp/src/detectors/patterns.ts',
    "the server's own custom patterns (createDlp options, never model text) recompiled with the g flag; the README requires them linear",
  ],
]);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (SOURCE.test(name) && !SKIP.test(file)) yield file;
  }
}

function* regexesIn(file) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (node) =>
    `${path.relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  function visit(node) {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      yield_.push({
        where: at(node),
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
      });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern) && (!flags || ts.isStringLiteralLike(flags))) {
        yield_.push({ where: at(node), source: pattern.text, flags: flags?.text ?? '' });
      } else {
        yield_.push({ where: at(node), dynamic: true });
      }
    }
    ts.forEachChild(node, visit);
  }
  const yield_ = [];
  visit(sf);
  yield* yield_;
}

/**
 * recheck's fuzzer is seeded (deterministic), but its time limits are wall-clock: on a loaded
 * machine a linear pattern can run out of time (status unknown). A pattern fails
 * only when it is not safe in each of three attempts, the later ones with more time.
 */
function check(source, flags) {
  let result;
  for (const timeout of [10_000, 30_000, 60_000]) {
    result = checkSync(source, flags, { timeout });
    if (result.status === 'safe') return result;
  }
  return result;
}

const dirs = ['packages', 'examples'].flatMap((top) =>
  readdirSync(path.join(root, top)).map((d) => path.join(root, top, d, 'src')),
);
let checked = 0;
const failures = [];
for (const dir of dirs) {
  try {
    statSync(dir);
  } catch {
    continue;
  }
  for (const file of sourceFiles(dir)) {
    for (const r of regexesIn(file)) {
      checked++;
      if (r.dynamic) {
        const rel = path.relative(root, file);
        if (!DYNAMIC.has(rel))
          failures.push(`${r.where}: RegExp built at run time (add it to DYNAMIC with a reason)`);
        continue;
      }
      const result = check(r.source, r.flags);
      if (result.status !== 'safe') {
        const why =
          result.status === 'vulnerable'
            ? `${result.complexity.type} backtracking, e.g. ${result.attack?.pattern}`
            : result.status;
        failures.push(`${r.where}: /${r.source}/${r.flags} is ${why}`);
      }
    }
  }
}
for (const f of failures) console.error(f);
console.log(`regexes: ${checked - failures.length} passed, ${failures.length} failed`);
if (failures.length > 0) process.exitCode = 1;
