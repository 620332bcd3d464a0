import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchemaVersion, migrate } from '../schema/migrate.js';
import { SCHEMA_VERSION } from '../schema/migrations.js';
import { createEmbeddedDirectory, type EmbeddedTemplate } from './template.js';

const root = mkdtempSync(join(tmpdir(), 'argseal-embedded-template-'));
let template: EmbeddedTemplate;

function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (createRequire(import.meta.url)(join(dir, 'package.json')) as { version: string }).version;
}

beforeAll(async () => {
  // a template as the build makes it: a new, migrated database, dumped
  const db = await PGlite.create({ dataDir: join(root, 'source') });
  await migrate(db);
  await db.query('CREATE TABLE template_marker (x int)');
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  template = { bytes: new Uint8Array(await dump.arrayBuffer()), pglite: pgliteVersion() };
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function tables(dir: string): Promise<string[]> {
  const db = await PGlite.create({ dataDir: dir });
  try {
    const r = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    return r.rows.map((row) => row.table_name);
  } finally {
    await db.close();
  }
}

describe('createEmbeddedDirectory', () => {
  it('loads a missing directory from the template: migrated, nothing left beside it', async () => {
    const dir = join(root, 'new-db');
    expect(await createEmbeddedDirectory(dir, template)).toBe('template');
    expect(await tables(dir)).toContain('template_marker');
    const db = await PGlite.create({ dataDir: dir });
    expect(await getSchemaVersion(db)).toBe(SCHEMA_VERSION);
    await db.close();
    expect(readdirSync(root).filter((name) => name.startsWith('new-db.new-'))).toEqual([]);
  }, 120_000);

  it('fills an empty directory (as mkdir left it) and a path with a trailing slash', async () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    expect(await createEmbeddedDirectory(`${dir}/`, template)).toBe('template');
    expect(await tables(dir)).toContain('template_marker');
  }, 120_000);

  it('leaves an existing directory alone', async () => {
    const dir = join(root, 'existing');
    mkdirSync(dir);
    writeFileSync(join(dir, 'keep'), 'x');
    expect(await createEmbeddedDirectory(dir, template)).toBe('exists');
    expect(readdirSync(dir)).toEqual(['keep']);
  });

  it('uses initdb when the template was made by another PGlite version (no argseal tables)', async () => {
    const dir = join(root, 'other-version');
    expect(await createEmbeddedDirectory(dir, { ...template, pglite: '0.0.0' })).toBe('initdb');
    expect(await tables(dir)).toEqual([]);
  }, 120_000);

  it('uses initdb when the template is not a database dump, and leaves no temp folder', async () => {
    const dir = join(root, 'garbage');
    const garbage = { bytes: new TextEncoder().encode('not a tarball'), pglite: pgliteVersion() };
    expect(await createEmbeddedDirectory(dir, garbage)).toBe('initdb');
    expect(await tables(dir)).toEqual([]);
    expect(readdirSync(root).filter((name) => name.startsWith('garbage.new-'))).toEqual([]);
  }, 120_000);
});
