import { resolve } from 'node:path';
import {
  type ApprovalStore,
  ArgsealError,
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

async function loadOpenStores(): Promise<typeof import('@argseal/postgres').openStores> {
  try {
    return (await import('@argseal/postgres')).openStores;
  } catch (cause) {
    throw new ConsoleError('storage_unavailable', 'cannot load @argseal/postgres for SQL storage', {
      cause,
    });
  }
}

/**
 * Opens the console's storage: embedded PGlite in `dataDir` (default `.argseal/`; other
 * processes such as `argseal audit` or an `argseal mcp` proxy on the same directory take
 * turns through its lock file), PostgreSQL via `databaseUrl` (many workers may share it), or
 * memory (tests). SQL storage is `openStores` of `@argseal/postgres`; its refusals are
 * `storage_unavailable` here, with the cause attached.
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
  if (kind === 'postgres' && !options.databaseUrl)
    throw new ConsoleError(
      'missing_database_url',
      'postgres storage needs --database-url or DATABASE_URL',
    );
  const openStores = await loadOpenStores();
  const location =
    kind === 'postgres'
      ? { databaseUrl: options.databaseUrl as string }
      : { dataDir: resolve(options.dataDir ?? DEFAULT_DATA_DIR) };
  try {
    const stores = await openStores(location);
    return {
      kind,
      audit: stores.audit,
      store: stores.approvals,
      pins: stores.pins,
      description: stores.description,
      close: () => stores.close(),
    };
  } catch (cause) {
    throw new ConsoleError(
      'storage_unavailable',
      kind === 'postgres'
        ? `cannot open PostgreSQL storage (${ArgsealError.isInstance(cause) ? cause.message : 'see the cause'})`
        : `cannot open the embedded database in ${location.dataDir} (locked by another process?)`,
      { cause },
    );
  }
}
