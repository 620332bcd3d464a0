import { appendFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { claimDaemonLock, daemonLockPath, releaseDaemonLock } from './daemon-lock.js';
import {
  DAEMON_FILES,
  type DaemonState,
  newToken,
  removeDaemonState,
  writeDaemonState,
} from './daemon-state.js';
import { localRoutes } from './local-routes.js';

/** Options of {@link serveStoreDaemon}. */
export interface StoreDaemonOptions {
  dataDir: string;
  /** Exit after this long without a request. */
  idleMs: number;
  /** Pid of the hook that took the daemon lock and spawned this daemon (it hands the lock over). */
  spawner?: number;
}

/** One line in `daemon.log` (never a payload). */
async function logLine(dataDir: string, text: string): Promise<void> {
  const line = `${new Date().toISOString()} ${text}`.replace(/\s+/g, ' ');
  await appendFile(join(dataDir, DAEMON_FILES.log), `${line}\n`, { mode: 0o600 }).catch(
    () => undefined,
  );
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

function approverName(): string {
  try {
    const name = userInfo().username;
    return NAME.test(name) ? name : 'local';
  } catch {
    return 'local';
  }
}

/**
 * The per-user store daemon (started detached by the first hook that needs it): embedded
 * PGlite in `<dataDir>/db` (shared through its lock with `argseal console`/`argseal audit`
 * on the same directory), served as the console (agent API for hooks, approver API and page
 * with the approver token) plus `/local/*` on 127.0.0.1 at a random port. Writes
 * `daemon.json` (0600) once it listens; exits after `idleMs` without a request, on SIGTERM
 * or `POST /local/stop`, removing the file. A failure to start is one line in `daemon.log`.
 * Holds `daemon.lock` (handed over by the hook that spawned it) for its whole life; a daemon
 * that finds the lock held by another live process exits at once.
 */
export async function serveStoreDaemon(options: StoreDaemonOptions): Promise<void> {
  const { dataDir, idleMs } = options;
  const lockPath = daemonLockPath(dataDir);
  // one daemon per data directory: without the lock, another one serves it (or is starting)
  if (!(await claimDaemonLock(lockPath, options.spawner).catch(() => false))) process.exit(0);
  try {
    const sql = await import('@argseal/postgres');
    const { createConsoleServer } = await import('@argseal/console');
    const { serve } = await import('@hono/node-server');
    const created = await sql.createEmbeddedDirectory(join(dataDir, DAEMON_FILES.database));
    if (created === 'template') await logLine(dataDir, 'database created from the template');
    if (created === 'initdb') await logLine(dataDir, 'database created by initdb (no template)');
    const stores = await sql.openStores({ dataDir: join(dataDir, DAEMON_FILES.database) });
    const { audit, approvals: store, pins, db } = stores;
    const partial = { pid: process.pid, agentToken: newToken(), approverToken: newToken() };
    const consoleApp = createConsoleServer({
      store,
      audit,
      pins,
      tokens: { [approverName()]: partial.approverToken },
      agentTokens: { 'argseal-hook': partial.agentToken },
      agentScope: 'any',
    });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      clearTimeout(idle);
      server.close();
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      void removeDaemonState(dataDir)
        .then(() => stores.close())
        .finally(() => releaseDaemonLock(lockPath).finally(() => process.exit(0)));
    };
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(stop, idleMs);
    };
    let local: ReturnType<typeof localRoutes> | undefined;
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve(
        {
          fetch: async (req: Request) => {
            touch();
            return (await local?.(req)) ?? consoleApp.fetch(req);
          },
          port: 0,
          hostname: '127.0.0.1',
        },
        () => resolve(s),
      );
      s.once('error', reject);
    });
    const state: DaemonState = {
      ...partial,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    };
    local = localRoutes({ state, store, db, stop });
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    touch();
    await writeDaemonState(dataDir, state);
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    await logLine(
      dataDir,
      `store daemon failed to start: ${String(code ?? '')} ${String(message ?? error)}`,
    );
    await releaseDaemonLock(lockPath);
    process.exit(1);
  }
}
