import { assertKnownOptions } from '@argseal/core';
// PGlite is an optional peer: its types must not appear in this file's exported signatures,
// or the published .d.ts fails to compile (TS2307) for a pg-only user with skipLibCheck off.
import type { PGliteOptions } from '@electric-sql/pglite';
import { migrate } from '../schema/migrate.js';
import type { SqlQueryable } from '../sql/db.js';

/**
 * The database {@link openEmbeddedDatabase} returns: a PGlite instance, typed by what
 * argseal needs (`query`, `close`) so this package's types do not depend on PGlite's. For
 * PGlite's full API, type it as `PGlite` from `@electric-sql/pglite` in your own code.
 */
export interface EmbeddedDatabase extends SqlQueryable {
  /** Closes the database (flushing a file-backed one) and releases its directory. */
  close(): Promise<void>;
}

/**
 * PGlite options for {@link openEmbeddedDatabase}, passed to `PGlite.create` unchanged. The
 * directory is the `dir` argument, not an option. Other PGlite options (for example `fs`)
 * also pass through at runtime; they are not typed here.
 */
export interface EmbeddedDatabaseOptions {
  /** Database user. PGlite default `postgres`. */
  username?: string;
  /** Database name. PGlite default `postgres`. */
  database?: string;
  /** PGlite debug output level, 0 (off) to 5. */
  debug?: 0 | 1 | 2 | 3 | 4 | 5;
  /** Do not wait for writes to be flushed to storage (faster, loses the last writes on a crash). */
  relaxedDurability?: boolean;
  /** Initial WebAssembly memory, in bytes. */
  initialMemory?: number;
  /** PGlite extensions by name (values as PGlite's extension modules export them). */
  extensions?: Readonly<Record<string, unknown>>;
  /** Extra PostgreSQL server start parameters. */
  startParams?: string[];
}

/** Options that leave a new database as the template made it. */
const TEMPLATE_NEUTRAL_KEYS = new Set(['debug', 'relaxedDurability', 'initialMemory']);

/** The keys of {@link EmbeddedDatabaseOptions}; any other is refused `unknown_option`. */
export const EMBEDDED_OPTION_KEYS: readonly string[] = [
  'username',
  'database',
  'debug',
  'relaxedDurability',
  'initialMemory',
  'extensions',
  'startParams',
];

/**
 * Opens (or creates) an embedded PGlite database and migrates it. Pass a directory
 * for a file-backed database that survives restarts (created with its parents when
 * missing), or nothing for an in-memory one.
 * One process at a time may open a directory; use PostgreSQL for many workers.
 * Needs the optional peer `@electric-sql/pglite` installed.
 *
 * @throws {SqlStoreError} from migrating (the database is closed again): `schema_too_new`
 * when the directory holds a newer argseal schema, `store_unavailable` when a migration
 * statement fails. PGlite's own error when it cannot open the directory;
 * `unknown_option` (`UnknownOptionError`) for a key not in {@link EmbeddedDatabaseOptions}.
 */
export async function openEmbeddedDatabase(
  dir?: string,
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  assertKnownOptions('openEmbeddedDatabase', options, EMBEDDED_OPTION_KEYS);
  const { PGlite } = await import('@electric-sql/pglite');
  // a plain directory path (not `memory://` or `idb://`) is created with its parents,
  // so `.argseal/db` works on a fresh checkout
  if (dir && !/^[a-z][a-z0-9+.-]*:\/\//i.test(dir)) {
    const { mkdir } = await import('node:fs/promises');
    const { dirname } = await import('node:path');
    await mkdir(dirname(dir), { recursive: true });
    // a new directory from the build's migrated template (no initdb), unless PGlite options
    // ask for another database than the template's (user, name, extensions, parameters)
    if (Object.keys(options).every((key) => TEMPLATE_NEUTRAL_KEYS.has(key))) {
      const { createEmbeddedDirectory } = await import('./template.js');
      await createEmbeddedDirectory(dir);
    } else await mkdir(dir, { recursive: true });
  }
  const db = await PGlite.create({
    ...(options as Omit<PGliteOptions, 'dataDir'>),
    ...(dir ? { dataDir: dir } : {}),
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
