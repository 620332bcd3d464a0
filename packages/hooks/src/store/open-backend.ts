import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApprovalStore, AuditSink } from '@argseal/core';
import type { StoreConfig } from '../config/types.js';
import { HookError } from '../errors.js';
import { createFileAuditLog } from './file-audit-log.js';
import { openJournalApprovals } from './journal-approvals.js';
import { lazySession, type OpenedBackend, type StoreSession } from './lazy-session.js';

/** Where the embedded store keeps its files below the data directory. */
export const EMBEDDED_FILES = {
  lock: 'lock',
  approvals: 'approvals.jsonl',
  audit: 'audit.jsonl',
} as const;

type Env = Readonly<Record<string, string | undefined>>;

function unavailable(what: string, cause: unknown): HookError {
  return new HookError('store', 'store_unavailable', `cannot open ${what}`, { cause });
}

/** @argseal/postgres's embedded-store lock (shared with the MCP proxy and the console), as a HookError. */
async function lockFor(path: string, timeoutMs: number) {
  const { acquireEmbeddedLock } = await import('@argseal/postgres/lock');
  try {
    return await acquireEmbeddedLock(path, timeoutMs);
  } catch (cause) {
    const code =
      (cause as { code?: string }).code === 'store_locked' ? 'store_locked' : 'store_unavailable';
    throw new HookError(
      'store',
      code,
      code === 'store_locked'
        ? 'the embedded store stayed locked by another process'
        : 'cannot create the store lock file',
      { cause },
    );
  }
}

async function openEmbedded(dataDir: string, lockTimeoutMs: number): Promise<OpenedBackend> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockFor(join(dataDir, EMBEDDED_FILES.lock), lockTimeoutMs);
  const audit = createFileAuditLog(join(dataDir, EMBEDDED_FILES.audit));
  let approvals: Promise<ApprovalStore> | undefined;
  return {
    audit,
    approvals() {
      // replayed only when a decision needs an approval; the lock is held from open to close
      approvals ??= openJournalApprovals(join(dataDir, EMBEDDED_FILES.approvals), audit).catch(
        (cause) => {
          throw HookError.isInstance(cause) ? cause : unavailable('the approval journal', cause);
        },
      );
      return approvals;
    },
    close: () => lock.release(),
  };
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
  const name = '@argseal/console';
  let mod: typeof import('@argseal/console');
  try {
    mod = (await import(name)) as typeof import('@argseal/console');
  } catch (cause) {
    throw unavailable('@argseal/console (install it for the console store)', cause);
  }
  const options = { url: config.url, token };
  const approvals = mod.createConsoleApprovalStore(options);
  return {
    audit: mod.createConsoleAuditSink(options),
    approvals: async () => approvals,
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
  let pool: { end(): Promise<void> };
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
  return { audit, approvals: async () => approvals, close: () => pool.end() };
}

/**
 * The store session for one hook call, opened lazily: embedded (default; lock file +
 * journaled approvals `approvals.jsonl` + hash-chained `audit.jsonl` in `dataDir`), the
 * console over HTTP, or PostgreSQL.
 */
export function openStoreSession(
  config: StoreConfig | undefined,
  dataDir: string,
  env: Env,
): StoreSession {
  const c = config ?? { type: 'embedded' };
  if (c.type === 'console') return lazySession(() => openConsole(c, env));
  if (c.type === 'postgres') return lazySession(() => openPostgres(c, env));
  return lazySession(() => openEmbedded(dataDir, c.lockTimeoutMs ?? 15_000));
}
