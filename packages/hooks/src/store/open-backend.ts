import type { AuditSink } from '@argseal/core';
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
  let stores: import('@argseal/postgres').SqlStores;
  try {
    const { openStores } = await import('@argseal/postgres');
    stores = await openStores({ databaseUrl: url }, { poolMax: 2 });
  } catch (cause) {
    throw unavailable('PostgreSQL', cause);
  }
  return {
    audit: stores.audit,
    approvals: async () => stores.approvals,
    findDecision: async (ref) => (await findAllowedDecisionSql(stores.db, ref)) ?? null,
    close: () => stores.close(),
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
