// Build step: a new, migrated embedded database, dumped as the template that
// createEmbeddedDirectory (and so openEmbeddedDatabase, openSharedEmbeddedDatabase and
// openStores) loads when it creates a data directory (dist/embedded-template.tar.gz).
// Creating a PGlite database from nothing runs initdb in WASM: seconds on a quiet machine,
// tens of seconds on a loaded one; loading this dump skips it. The template records the
// PGlite version it was made with and is used only with that same version (otherwise the
// database is created by initdb as before).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const dist = new URL('../dist/', import.meta.url);
const { PGlite } = await import('@electric-sql/pglite');
const { migrate } = await import(new URL('index.js', dist).href);
// the package exports no package.json: find it above its entry
let root = dirname(require.resolve('@electric-sql/pglite'));
while (!existsSync(join(root, 'package.json'))) root = dirname(root);
const pglite = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'argseal-embedded-template-'));
try {
  const db = await PGlite.create({ dataDir: join(dir, 'db') });
  await migrate(db);
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  writeFileSync(new URL('embedded-template.tar.gz', dist), Buffer.from(await dump.arrayBuffer()));
  writeFileSync(
    new URL('embedded-template.json', dist),
    `${JSON.stringify({ pglite: pglite.version, bytes: dump.size })}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
