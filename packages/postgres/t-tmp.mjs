import { writeFileSync, readFileSync } from 'node:fs';
const { PGlite } = await import('@electric-sql/pglite');
const sql = await import('./dist/index.js');
const [mode, dir, file] = process.argv.slice(2);
const t0 = performance.now();
if (mode === 'make') {
  const db = await PGlite.create({ dataDir: dir });
  await sql.migrate(db);
  const blob = await db.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  console.log('make', (performance.now() - t0).toFixed(0), blob.size);
} else {
  const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
  console.log('load', (performance.now() - t0).toFixed(0));
  await sql.migrate(db);
  console.log('migrated', (performance.now() - t0).toFixed(0), (await db.query('select count(*) from argseal_audit')).rows ?? '');
  await db.close();
  const t1 = performance.now();
  const db2 = await PGlite.create({ dataDir: dir });
  console.log('reopen', (performance.now() - t1).toFixed(0));
  await db2.close();
}
