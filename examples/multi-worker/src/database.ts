import { migrate, openEmbeddedDatabase, type SqlQueryable } from '@argseal/postgres';
import pg from 'pg';

export interface ExampleDatabase {
  db: SqlQueryable;
  engine: 'postgresql' | 'pglite';
  close(): Promise<void>;
}

/**
 * PostgreSQL when DATABASE_URL is set (the multi-worker engine; ARGSEAL_PG_SCHEMA picks a
 * schema, used by the smoke test). Otherwise an embedded PGlite directory, which only one
 * process may open at a time: the workers then take turns instead of running side by side.
 */
export async function openDatabase(): Promise<ExampleDatabase> {
  const url = process.env.DATABASE_URL;
  let handle: ExampleDatabase;
  if (url) {
    const schema = process.env.ARGSEAL_PG_SCHEMA;
    const pool = new pg.Pool({
      connectionString: url,
      max: 4,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await migrate(pool);
    handle = { db: pool, engine: 'postgresql', close: () => pool.end() };
  } else {
    const dir = process.env.ARGSEAL_DB_DIR ?? '.argseal/multi-worker-db';
    const pglite = await openEmbeddedDatabase(dir);
    handle = { db: pglite, engine: 'pglite', close: () => pglite.close() };
  }
  // The application's own table: what the refund tool actually did.
  await handle.db.query(`CREATE TABLE IF NOT EXISTS example_refunds (
    id serial PRIMARY KEY, order_id text NOT NULL, amount integer NOT NULL,
    worker text NOT NULL, proposal_hash text NOT NULL)`);
  return handle;
}
