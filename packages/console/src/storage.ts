import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  type ApprovalStore,
  type AuditSink,
  createMemoryApprovalStore,
  createMemoryAuditLog,
} from '@argseal/core';
import { ConsoleError } from './errors.js';
import type { ConsolePinStore } from './pins/pin-errors.js';

/** Where the console keeps proposals, grants and audit. */
export type ConsoleStorageKind = 'embedded' | 'postgres' | 'memory';

/** Where {@link openConsoleStorage} keeps its data. */
export interface ConsoleStorageOptions {
  /** Default: `postgres` when `databaseUrl` is set, else `embedded`. */
  storage?: ConsoleStorageKind | undefined;
  /** Embedded PGlite directory. Default `.argseal` in the working directory. */
  dataDir?: string | undefined;
  /** PostgreSQL connection string (`--database-url`, `DATABASE_URL`). */
  databaseUrl?: string | undefined;
}

/** Storage opened by {@link openConsoleStorage}: an approval store and an audit sink sharing one database. */
export interface ConsoleStorage {
  /** Which backend was opened. */
  kind: ConsoleStorageKind;
  /** Approval store (SQL from `@argseal/postgres`, or memory). */
  store: ApprovalStore;
  /** Hash-chained audit log in the same database; receives the store's decision events. */
  audit: AuditSink;
  /** MCP tool-definition pins in the same database (SQL storage only). */
  pins?: ConsolePinStore;
  /** Human-readable location (no credentials). */
  description: string;
  /** Closes the database connection (pool or PGlite); a no-op for memory. */
  close(): Promise<void>;
}

/** Default embedded PGlite directory, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.argseal';

interface SqlModule {
  createSqlApprovalStore(db: unknown, options: { audit: AuditSink }): ApprovalStore;
  createSqlAuditLog(db: unknown): AuditSink;
  createSqlToolPinStore(db: unknown, options: { audit: AuditSink }): ConsolePinStore;
  migrate(db: unknown): Promise<unknown>;
  openSharedEmbeddedDatabase(dir: string): Promise<{ close(): Promise<void> }>;
}

async function loadSql(): Promise<SqlModule> {
  const name = '@argseal/postgres';
  try {
    return (await import(name)) as SqlModule;
  } catch (cause) {
    throw new ConsoleError('storage_unavailable', 'cannot load @argseal/postgres for SQL storage', {
      cause,
    });
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'postgres (unparsable URL)';
  }
}

/**
 * Opens the console's storage: embedded PGlite in `dataDir` (default `.argseal/`; other
 * processes such as `argseal audit` or an `argseal mcp` proxy on the same directory take
 * turns through its lock file), PostgreSQL via `databaseUrl` (many workers may share it), or memory (tests).
 */
export async function openConsoleStorage(
  options: ConsoleStorageOptions = {},
): Promise<ConsoleStorage> {
  const kind = options.storage ?? (options.databaseUrl ? 'postgres' : 'embedded');
  if (kind === 'memory') {
    const audit = createMemoryAuditLog();
    return {
      kind,
      audit,
      store: createMemoryApprovalStore({ audit }),
      description: 'memory (lost on exit)',
      close: async () => {},
    };
  }
  const sql = await loadSql();
  if (kind === 'postgres') {
    if (!options.databaseUrl)
      throw new ConsoleError(
        'missing_database_url',
        'postgres storage needs --database-url or DATABASE_URL',
      );
    let Pool: new (config: { connectionString: string }) => { end(): Promise<void> };
    try {
      const pg = (await import('pg')) as unknown as {
        default?: { Pool: typeof Pool };
        Pool?: typeof Pool;
      };
      Pool = (pg.Pool ?? pg.default?.Pool) as typeof Pool;
    } catch (cause) {
      throw new ConsoleError(
        'storage_unavailable',
        'PostgreSQL storage needs the "pg" package installed',
        { cause },
      );
    }
    const pool = new Pool({ connectionString: options.databaseUrl });
    try {
      await sql.migrate(pool);
    } catch (cause) {
      await pool.end().catch(() => undefined);
      throw new ConsoleError(
        'storage_unavailable',
        `cannot open PostgreSQL at ${redact(options.databaseUrl)}`,
        { cause },
      );
    }
    const audit = sql.createSqlAuditLog(pool);
    return {
      kind,
      audit,
      store: sql.createSqlApprovalStore(pool, { audit }),
      pins: sql.createSqlToolPinStore(pool, { audit }),
      description: `PostgreSQL at ${redact(options.databaseUrl)}`,
      close: () => pool.end(),
    };
  }
  const dir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  await mkdir(dir, { recursive: true });
  let db: { close(): Promise<void> };
  try {
    db = await sql.openSharedEmbeddedDatabase(dir);
  } catch (cause) {
    throw new ConsoleError(
      'storage_unavailable',
      `cannot open the embedded database in ${dir} (locked by another process?)`,
      { cause },
    );
  }
  const audit = sql.createSqlAuditLog(db);
  return {
    kind,
    audit,
    store: sql.createSqlApprovalStore(db, { audit }),
    pins: sql.createSqlToolPinStore(db, { audit }),
    description: `embedded PGlite in ${dir}`,
    close: () => db.close(),
  };
}
