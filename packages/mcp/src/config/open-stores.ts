import type { ApprovalStore, AuditSink } from '@argseal/core';
import { openStores, type SqlQueryable } from '@argseal/postgres';
import { sqlPinStore } from '../pins/sql-pin-store.js';
import type { ToolPinStore } from '../pins/types.js';
import { openConsoleStores } from './open-console-stores.js';

/** Default embedded PGlite directory of `argseal mcp`, relative to the working directory. */
export const DEFAULT_MCP_DATA_DIR = '.argseal/mcp';

/** Longest a call's `executed` record waits for the next call's records to share its statement. */
const EXECUTED_LINGER_MS = 5;

/** Approvals, pins and the audit chain in one SQL database. */
export interface McpStores {
  approvals: ApprovalStore;
  pins: ToolPinStore;
  audit: AuditSink;
  /** The SQL database (absent for the console store). */
  db: SqlQueryable | undefined;
  /** Where the data lives (no credentials). */
  description: string;
  close(): Promise<void>;
}

/**
 * Opens the proxy's storage: a running console over HTTP when `console` is given (see
 * `McpStoreConfig`), PostgreSQL when `databaseUrl` is (needs the `pg` package; many
 * proxies and one console can share it), else an embedded PGlite directory that other
 * processes (a second proxy, `argseal mcp pins`) can use too: `openStores` of
 * `@argseal/postgres` takes the directory's lock per turn. SQL is migrated.
 */
export async function openMcpStores(
  options: {
    dataDir?: string | undefined;
    databaseUrl?: string | undefined;
    console?: { url: string; tokenEnv?: string } | undefined;
  } = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<McpStores> {
  if (options.console) {
    const stores = await openConsoleStores(options.console, env);
    return {
      ...stores,
      db: undefined,
      description: `argseal console at ${new URL(options.console.url).origin}`,
      close: async () => {},
    };
  }
  const stores = await openStores(
    options.databaseUrl
      ? { databaseUrl: options.databaseUrl }
      : { dataDir: options.dataDir ?? DEFAULT_MCP_DATA_DIR },
    // the proxy answers the host before a call's executed record is durable: it rides in
    // the next call's statement (and on PGlite, calls waiting meanwhile share one commit)
    { audit: { executedLingerMs: EXECUTED_LINGER_MS } },
  );
  const { audit, db } = stores;
  return {
    approvals: stores.approvals,
    pins: sqlPinStore(db, { audit }),
    audit,
    db,
    description: stores.description,
    close: () => stores.close(),
  };
}
