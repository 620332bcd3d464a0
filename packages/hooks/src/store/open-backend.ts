import type { ApprovalStore, AuditSink } from '@argseal/core';
import type { StoreConfig } from '../config/types.js';
import { openDaemonBackend } from '../daemon/daemon-backend.js';
import { findAllowedDecision, findAllowedDecisionSql } from '../daemon/decision-match.js';
import { HookError } from '../errors.js';
import { lazySession, type OpenedBackend, type StoreSession } from './lazy-session.js';

type Env = Readonly<Record<string, string | undefined>>;

function unavailable(what: string, cause: unknown): HookError {
  return new HookError('store', 'store_unavailable', `cannot open ${what}`, { cause });
}

async function openConsole(
  config: Extract<StoreConfig, { type: 'console' }>,
  env: Env,
): Promise<OpenedBackend> {
  const token = config.token ?? env[config.tokenEnv ?? 'ARGSEAL_CONSOLE_TOKEN'];
  if (!token)
    throw new HookError('config', 'invalid_config', 'the console store needs an agent token', {
      path: '/store/token',
    });
  const client = await import('@argseal/console/client');
  const options = { url: config.url, token };
  const audit = client.createConsoleAuditSink(options);
  return {
    audit,
    approvals: async () => client.createConsoleApprovalStore(options),
    async findDecision(ref) {
      let records: Awaited<ReturnType<AuditSink['records']>>;
      try {
        records = await audit.records();
      } catch (error) {
        // a console with agentScope 'own' does not let agents read the trail
        if ((error as { status?: unknown }).status === 403) return 'unverifiable';
        throw error;
      }
      return findAllowedDecision(records, ref) ?? null;
    },
    close: async () => {},
  };
}

async function openPostgres(
  config: Extract<StoreConfig, { type: 'postgres' }>,
  env: Env,
): Promise<OpenedBackend> {
  const url = config.url ?? env[config.urlEnv ?? 'DATABASE_URL'];
  if (!url)
    throw new HookError('config', 'invalid_config', 'the postgres store needs a connection URL', {
      path: '/store/url',
    });
  let pool: { end(): Promise<void>; query(text: string, params?: unknown[]): Promise<never> };
  let audit: AuditSink;
  let approvals: ApprovalStore;
  try {
    const pgName = 'pg';
    const { default: pg } = (await import(pgName)) as {
      default: { Pool: new (o: object) => never };
    };
    const sql = await import('@argseal/postgres');
    const p = new pg.Pool({ connectionString: url, max: 2 });
    pool = p;
    await sql.migrate(p);
    audit = sql.createSqlAuditLog(p);
    approvals = sql.createSqlApprovalStore(p, { audit });
  } catch (cause) {
    throw unavailable('PostgreSQL', cause);
  }
  return {
    audit,
    approvals: async () => approvals,
    findDecision: async (ref) => (await findAllowedDecisionSql(pool, ref)) ?? null,
    close: () => pool.end(),
  };
}

/** Defaults of the embedded store daemon. */
export const EMBEDDED_DEFAULTS = { startTimeoutMs: 15_000, idleMs: 600_000 } as const;

/**
 * The store session for one hook call, opened lazily: embedded (default; the per-user store
 * daemon holding PGlite in `dataDir`, started on first use), the console over HTTP, or
 * PostgreSQL.
 */
export function openStoreSession(
  config: StoreConfig | undefined,
  dataDir: string,
  env: Env,
): StoreSession {
  const c = config ?? { type: 'embedded' };
  if (c.type === 'console') return lazySession(() => openConsole(c, env));
  if (c.type === 'postgres') return lazySession(() => openPostgres(c, env));
  return lazySession(() =>
    openDaemonBackend({
      dataDir,
      startTimeoutMs: c.startTimeoutMs ?? EMBEDDED_DEFAULTS.startTimeoutMs,
      idleMs: c.idleMs ?? EMBEDDED_DEFAULTS.idleMs,
    }),
  );
}
