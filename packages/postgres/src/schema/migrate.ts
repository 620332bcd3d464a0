import { SqlStoreError, toSqlStoreError } from '../errors.js';
import { type QueryFn, runnerFor, type SqlQueryable } from '../sql/db.js';
import { MIGRATIONS, MIGRATIONS_TABLE, type Migration, SCHEMA_VERSION } from './migrations.js';

/** Key of the transaction-scoped advisory lock that serializes concurrent `migrate` calls. */
const MIGRATION_LOCK_KEY = 0x61726773; // 'args'

/** What {@link migrate} did. */
export interface MigrateResult {
  /** Versions applied by this call (empty when the schema was already current). */
  applied: number[];
  /** Schema version after the call. */
  version: number;
}

async function currentVersion(query: QueryFn): Promise<number> {
  const rows = await query(`SELECT coalesce(max(version), 0) AS version FROM ${MIGRATIONS_TABLE}`);
  return Number(rows[0]?.version ?? 0);
}

function refuseNewer(found: number): SqlStoreError {
  return new SqlStoreError(
    'schema_too_new',
    `the database has argseal schema version ${found}, newer than ${SCHEMA_VERSION} known to this @argseal/postgres; upgrade the package instead of downgrading the database`,
  );
}

async function apply(query: QueryFn, migration: Migration): Promise<void> {
  for (const statement of migration.statements) await query(statement);
  await query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`, [
    migration.version,
    migration.name,
  ]);
}

/**
 * Brings the argseal schema up to date in one transaction. Safe to run from many
 * workers at once (an advisory lock serializes them) and a no-op when current.
 * Refuses a database written by a newer version with `SqlStoreError` `schema_too_new`.
 */
export async function migrate(db: SqlQueryable): Promise<MigrateResult> {
  const runner = runnerFor(db);
  try {
    return await runner.transaction(async (query) => {
      await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await query(
        `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`,
      );
      const found = await currentVersion(query);
      if (found > SCHEMA_VERSION) throw refuseNewer(found);
      const applied: number[] = [];
      for (const migration of MIGRATIONS) {
        if (migration.version <= found) continue;
        await apply(query, migration);
        applied.push(migration.version);
      }
      return { applied, version: SCHEMA_VERSION };
    });
  } catch (error) {
    throw toSqlStoreError(error, 'migrate');
  }
}

/** The schema version recorded in the database (0 when never migrated). */
export async function getSchemaVersion(db: SqlQueryable): Promise<number> {
  const runner = runnerFor(db);
  try {
    const rows = await runner.query(
      `SELECT to_regclass('${MIGRATIONS_TABLE}') IS NOT NULL AS present`,
    );
    if (rows[0]?.present !== true) return 0;
    return await currentVersion(runner.query);
  } catch (error) {
    throw toSqlStoreError(error, 'getSchemaVersion');
  }
}

/**
 * Throws unless the database is at exactly the schema version of this build:
 * `schema_not_migrated` when older, `schema_too_new` when newer.
 */
export async function assertSchemaCurrent(db: SqlQueryable): Promise<void> {
  const found = await getSchemaVersion(db);
  if (found > SCHEMA_VERSION) throw refuseNewer(found);
  if (found < SCHEMA_VERSION) {
    throw new SqlStoreError(
      'schema_not_migrated',
      `the database has argseal schema version ${found}, expected ${SCHEMA_VERSION}; run migrate(db)`,
    );
  }
}
