// Checks (default) or normalizes (--write) the npm metadata of every public package:
//   node scripts/package-metadata.mjs [--write] [dir ...]
// Only these keys are ever written: license, repository, homepage, bugs, engines.node,
// publishConfig.access, peerDependenciesMeta (optional peers), files (no tests; LICENSE).
// Also checks that each package folder has a LICENSE file (npm packs it from there). Prints `metadata: N passed, N failed`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metadataProblems, normalizeManifest } from './release-check/lib/metadata.mjs';
import { publicPackages } from './release-check/lib/workspace.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const write = argv.includes('--write');
const only = argv.filter((a) => !a.startsWith('--'));

let passed = 0;
let failed = 0;
for (const p of publicPackages(root)) {
  if (only.length > 0 && !only.includes(p.dir)) continue;
  const file = join(p.path, 'package.json');
  if (write) {
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const next = `${JSON.stringify(normalizeManifest(manifest, p.dir), null, 2)}\n`;
    if (next !== readFileSync(file, 'utf8')) {
      writeFileSync(file, next);
      console.log(`  wrote packages/${p.dir}/package.json`);
    }
  }
  const problems = metadataProblems(JSON.parse(readFileSync(file, 'utf8')), p.dir);
  if (!existsSync(join(p.path, 'LICENSE')))
    problems.push('no LICENSE file (copy the root LICENSE)');
  if (problems.length === 0) {
    passed++;
    console.log(`  ok   ${p.name}`);
  } else {
    failed++;
    console.log(`  FAIL ${p.name}\n${problems.map((x) => `       ${x}`).join('\n')}`);
  }
}
console.log(`metadata: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
