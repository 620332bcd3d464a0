import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate } from '../schema/migrate.js';

export { describePostgres } from '@argseal/test-kit';

let schemaCounter = 0;
export function uniqueSchema(prefix = 'argseal_t'): string {
  schemaCounter += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${schemaCounter}`;
}

/** A migrated, empty schema on PostgreSQL; `pool` connections use it as search_path. */
export async function freshPostgresSchema(url: string, max = 10) {
  const schema = uniqueSchema();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const config = { connectionString: url, options: `-c search_path=${schema}` };
  const pool = new pg.Pool({ ...config, max });
  await migrate(pool);
  return {
    schema,
    config,
    pool,
    async close() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    },
  };
}

/** One PGlite per test file (opened lazily); tests take fresh schemas on it. */
export function sharedPGlite(dir?: string) {
  let db: PGlite | undefined;
  return {
    async get(): Promise<PGlite> {
      db ??= await PGlite.create(dir ? { dataDir: dir } : {});
      return db;
    },
    async close() {
      await db?.close();
      db = undefined;
    },
  };
}

/** A fresh migrated schema on a shared PGlite, made current through search_path. */
export async function freshPGliteSchema(db: PGlite): Promise<PGlite> {
  const schema = uniqueSchema();
  await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  await migrate(db);
  return db;
}

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
