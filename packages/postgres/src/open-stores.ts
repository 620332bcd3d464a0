import { resolve } from 'node:path';
import { type ApprovalStore, ArgsealError, assertKnownOptions } from '@argseal/core';
import { createSqlApprovalStore } from './approvals/store.js';
import {
  assertSqlAuditLogOptions,
  createSqlAuditLog,
  type SqlAuditLog,
  type SqlAuditLogOptions,
} from './audit/log.js';
import { openSharedEmbeddedDatabase, type SharedEmbeddedOptions } from './embedded/shared.js';
import { SqlStoreError } from './errors.js';
import { createSqlToolPinStore, type SqlToolPinStore } from './pins/store.js';
import { migrate } from './schema/migrate.js';
import type { SqlQueryable } from './sql/db.js';

/** Where {@link openStores} finds the database: a PostgreSQL URL or an embedded directory. */
export type StoresLocation =
  | { databaseUrl: string; dataDir?: undefined }
  | { dataDir: string; databaseUrl?: undefined };

/** Options of {@link openStores}. */
export interface OpenStoresOptions {
  /** Options of the audit log (for example `executedLingerMs`); see `createSqlAuditLog`. */
  audit?: SqlAuditLogOptions;
  /** PostgreSQL: most pool connections (default: pg's, 10). */
  poolMax?: number;
  /** Embedded: lock turns and PGlite options; see `openSharedEmbeddedDatabase`. */
  embedded?: SharedEmbeddedOptions;
}

/** The stores {@link openStores} opened, sharing one database. */
export interface SqlStores {
  /** Which database was opened. */
  kind: 'postgres' | 'embedded';
  /** The hash-chained audit log; receives the approval and pin stores' decision events. */
  audit: SqlAuditLog;
  /** The approval store. */
  approvals: ApprovalStore;
  /** MCP tool-definition pins. */
  pins: SqlToolPinStore;
  /** The migrated database (a `pg` Pool, or the shared embedded directory). */
  db: SqlQueryable;
  /** Where the data lives, without credentials. */
  description: string;
  /** Writes what the audit log still holds, then closes the database. Idempotent. */
  close(): Promise<void>;
}

const LOCATION_KEYS = ['databaseUrl', 'dataDir'];
const OPTION_KEYS = ['audit', 'poolMax', 'embedded'];

/** `scheme://host:port/path` of a connection URL: no user, password or query. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';

function assertLocation(location: unknown): asserts location is StoresLocation {
  if (typeof location !== 'object' || location === null || Array.isArray(location))
    throw new SqlStoreError('invalid_option', 'openStores: pass { databaseUrl } or { dataDir }');
  assertKnownOptions('openStores', location as Record<string, unknown>, LOCATION_KEYS);
  const { databaseUrl, dataDir } = location as Record<string, unknown>;
  if ((databaseUrl === undefined) === (dataDir === undefined))
    throw new SqlStoreError(
      'invalid_option',
      'openStores: pass exactly one of databaseUrl and dataDir',
    );
  if (databaseUrl !== undefined && !nonEmpty(databaseUrl))
    throw new SqlStoreError('invalid_option', 'openStores: databaseUrl must be a non-empty string');
  if (dataDir !== undefined && !nonEmpty(dataDir))
    throw new SqlStoreError('invalid_option', 'openStores: dataDir must be a non-empty string');
}

function assertOptions(options: unknown): asserts options is OpenStoresOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new SqlStoreError('invalid_option', 'openStores: options must be an object');
  assertKnownOptions('openStores', options as Record<string, unknown>, OPTION_KEYS);
  const { poolMax } = options as OpenStoresOptions;
  if (poolMax !== undefined && (!Number.isSafeInteger(poolMax) || poolMax < 1 || poolMax > 1000))
    throw new SqlStoreError(
      'invalid_option',
      'openStores: poolMax must be an integer from 1 to 1000',
    );
}

type Pool = SqlQueryable & { end(): Promise<void> };
type PoolClass = new (config: { connectionString: string; max?: number }) => Pool;

async function openPool(url: string, max: number | undefined): Promise<Pool> {
  let Pool: PoolClass | undefined;
  try {
    const pg = (await import('pg' as string)) as {
      Pool?: PoolClass;
      default?: { Pool?: PoolClass };
    };
    Pool = pg.Pool ?? pg.default?.Pool;
  } catch (cause) {
    throw new SqlStoreError('store_unavailable', 'openStores: a databaseUrl needs the pg package', {
      cause,
    });
  }
  if (!Pool) throw new SqlStoreError('store_unavailable', 'openStores: pg exports no Pool');
  const pool = new Pool({ connectionString: url, ...(max === undefined ? {} : { max }) });
  try {
    await migrate(pool);
  } catch (cause) {
    await pool.end().catch(() => undefined);
    if (ArgsealError.isInstance(cause) && cause.code !== 'store_unavailable') throw cause;
    throw new SqlStoreError('store_unavailable', `cannot open PostgreSQL at ${redact(url)}`, {
      cause,
    });
  }
  return pool;
}

/**
 * Opens argseal's stores in one database: PostgreSQL at `databaseUrl` (a `pg` Pool, the
 * optional peer `pg`; many processes and hosts share it), or the embedded PGlite
 * directory `dataDir` (the optional peer `@electric-sql/pglite`). The database is migrated
 * and holds the audit log, the approval store and the tool-definition pin store, whose
 * decisions go to that audit log.
 *
 * One locking story for a directory: it is opened with `openSharedEmbeddedDatabase`, so
 * every process on it (a console, proxies, `argseal audit`, the hooks' store daemon) takes
 * turns through its lock file `<dataDir>.lock`; a waiting process leaves
 * `<dataDir>.lock.want` and the holder yields; a holder that died is broken; a live one is
 * waited for up to `embedded.lockTimeoutMs` (`store_locked`).
 *
 * @throws {SqlStoreError} `invalid_option` for a location that is not exactly one of a
 * non-empty `databaseUrl` or `dataDir`, a bad `poolMax`, `poolMax` with a directory or
 * `embedded` with a URL; `store_unavailable` when `pg`
 * is missing or the database cannot be opened (the message names host and path, never
 * credentials); `store_locked` when the directory stays locked; `schema_too_new` when the
 * database holds a newer schema. `unknown_option` (`UnknownOptionError`) for an unknown key
 * of either argument, or of `audit` / `embedded`. Nothing is opened when it throws.
 */
export async function openStores(
  location: StoresLocation,
  options: OpenStoresOptions = {},
): Promise<SqlStores> {
  assertLocation(location);
  assertOptions(options);
  assertSqlAuditLogOptions(options.audit ?? {});
  if (location.databaseUrl !== undefined && options.embedded !== undefined)
    throw new SqlStoreError('invalid_option', 'openStores: embedded options need a dataDir');
  if (location.dataDir !== undefined && options.poolMax !== undefined)
    throw new SqlStoreError('invalid_option', 'openStores: poolMax needs a databaseUrl');
  let db: SqlQueryable;
  let closeDb: () => Promise<void>;
  let kind: SqlStores['kind'];
  let description: string;
  if (location.databaseUrl !== undefined) {
    const pool = await openPool(location.databaseUrl, options.poolMax);
    db = pool;
    closeDb = () => pool.end();
    kind = 'postgres';
    description = `PostgreSQL at ${redact(location.databaseUrl)}`;
  } else {
    const dir = resolve(location.dataDir);
    let shared: Awaited<ReturnType<typeof openSharedEmbeddedDatabase>>;
    try {
      shared = await openSharedEmbeddedDatabase(dir, options.embedded);
    } catch (cause) {
      if (ArgsealError.isInstance(cause)) throw cause;
      throw new SqlStoreError('store_unavailable', `cannot open the embedded database in ${dir}`, {
        cause,
      });
    }
    db = shared;
    closeDb = () => shared.close();
    kind = 'embedded';
    description = `embedded PGlite in ${dir}`;
  }
  const audit = createSqlAuditLog(db, options.audit);
  let closing: Promise<void> | undefined;
  return {
    kind,
    audit,
    approvals: createSqlApprovalStore(db, { audit }),
    pins: createSqlToolPinStore(db, { audit }),
    db,
    description,
    close() {
      closing ??= (async () => {
        try {
          await audit.flush();
        } finally {
          await closeDb();
        }
      })();
      return closing;
    },
  };
}
