import type { ApprovalStore, AuditSink } from '@argseal/core';
import {
  createSqlApprovalStore,
  createSqlAuditLog,
  migrate,
  openSharedEmbeddedDatabase,
  type SqlQueryable,
} from '@argseal/postgres';
import { McpSealError } from '../errors.js';
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
 * processes (a second proxy, `argseal mcp pins`) can use too: `openSharedEmbeddedDatabase`
 * takes the directory's lock per turn. SQL is migrated.
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
  let db: SqlQueryable;
  let close: () => Promise<void>;
  let description: string;
  if (options.databaseUrl) {
    let pg: {
      default: {
        Pool: new (o: { connectionString: string }) => SqlQueryable & { end(): Promise<void> };
      };
    };
    try {
      pg = (await import('pg' as string)) as typeof pg;
    } catch (cause) {
      throw new McpSealError('invalid_config', 'install the pg package to use a database URL', {
        cause,
      });
    }
    const pool = new pg.default.Pool({ connectionString: options.databaseUrl });
    await migrate(pool);
    db = pool;
    close = () => pool.end();
    description = 'PostgreSQL';
  } else {
    const dir = options.dataDir ?? DEFAULT_MCP_DATA_DIR;
    const embedded = await openSharedEmbeddedDatabase(dir);
    db = embedded;
    close = () => embedded.close();
    description = `embedded PGlite in ${dir}`;
  }
  // the proxy answers the host before a call's executed record is durable: it rides in the
  // next call's statement (and on PGlite, calls waiting meanwhile share one commit)
  const audit = createSqlAuditLog(db, { executedLingerMs: EXECUTED_LINGER_MS });
  return {
    approvals: createSqlApprovalStore(db, { audit }),
    pins: sqlPinStore(db, { audit }),
    audit,
    db,
    description,
    async close() {
      await audit.flush();
      await close();
    },
  };
}
