import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HookError } from '../errors.js';
import { daemonLockOwner, daemonLockPath, handDaemonLock, isAlive } from './daemon-lock.js';
import { DAEMON_FILES, type DaemonState, readDaemonState } from './daemon-state.js';
import { loopbackFetch } from './loopback-fetch.js';

/** How a hook reaches (or starts) the store daemon of a data directory. */
export interface DaemonSettings {
  dataDir: string;
  startTimeoutMs: number;
  idleMs: number;
}

/** True when the daemon in `state` answers as itself. */
async function answers(state: DaemonState): Promise<boolean> {
  try {
    const res = await loopbackFetch(`${state.url}/local/health`, {
      headers: { Authorization: `Bearer ${state.agentToken}` },
      signal: AbortSignal.timeout(2000),
    });
    return res.ok && ((await res.json()) as { pid?: unknown }).pid === state.pid;
  } catch {
    return false;
  }
}

const unavailable = (message: string, cause?: unknown) =>
  new HookError('store', 'store_unavailable', message, { cause });

/** The built daemon module (`dist/store-daemon.js`), found through this package's own name. */
function daemonModule(): string {
  const pkg = createRequire(import.meta.url).resolve('@argseal/hooks/package.json');
  return pathToFileURL(join(dirname(pkg), 'dist', 'store-daemon.js')).href;
}

function spawnDaemon(s: DaemonSettings): ReturnType<typeof spawn> {
  const log = openSync(join(s.dataDir, DAEMON_FILES.log), 'a', 0o600);
  const args = JSON.stringify({ dataDir: s.dataDir, idleMs: s.idleMs, spawner: process.pid });
  try {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(daemonModule())}); await m.serveStoreDaemon(${args});`,
      ],
      { cwd: s.dataDir, detached: true, stdio: ['ignore', 'ignore', log] },
    );
    child.unref();
    return child;
  } finally {
    closeSync(log);
  }
}

/**
 * The running store daemon of `dataDir`, started when there is none. One daemon per data
 * directory: `daemon.lock` names it for its whole life. A hook that finds no daemon
 * answering and the lock free (or naming a dead process) takes the lock *before* spawning
 * one, then hands it to the daemon (the lock names the daemon's pid); a hook that finds the
 * lock naming a live process waits for that daemon's `daemon.json` instead of spawning
 * another. A hook whose wait ends (`startTimeoutMs`) leaves the starting daemon alone, so
 * the next call waits for the same one. `store_unavailable` when the spawned daemon exits
 * without serving, or none answers within `startTimeoutMs` (the hook then blocks).
 */
export async function connectStoreDaemon(s: DaemonSettings): Promise<DaemonState> {
  const known = await readDaemonState(s.dataDir);
  if (known && (await answers(known))) return known;
  await mkdir(s.dataDir, { recursive: true, mode: 0o700 });
  const { acquireEmbeddedLock } = await import('@argseal/postgres/lock');
  const lockPath = daemonLockPath(s.dataDir);
  const deadline = Date.now() + s.startTimeoutMs;
  let child: ReturnType<typeof spawn> | undefined;
  let exited = false;
  let wait = 20;
  for (;;) {
    const owner = await daemonLockOwner(lockPath);
    if (child === undefined && (owner === undefined || !isAlive(owner))) {
      // no daemon runs or starts: take the lock, then spawn (a dead holder's lock is broken
      // by acquireEmbeddedLock under its guard; the next round takes it)
      let lock: Awaited<ReturnType<typeof acquireEmbeddedLock>> | undefined;
      try {
        lock = await acquireEmbeddedLock(lockPath, 0);
      } catch (cause) {
        if ((cause as { code?: unknown }).code !== 'store_locked')
          throw unavailable('cannot create the store daemon lock', cause);
      }
      if (lock !== undefined) {
        try {
          child = spawnDaemon(s);
          if (child.pid === undefined) throw new Error('spawn failed');
          await handDaemonLock(lockPath, child.pid);
        } catch (cause) {
          await lock.release();
          throw unavailable('cannot spawn the store daemon', cause);
        }
        child.once('exit', () => {
          exited = true;
        });
      }
    }
    const state = await readDaemonState(s.dataDir);
    if (state && (await answers(state))) return state;
    if (exited)
      throw unavailable(
        `the store daemon failed to start (see ${DAEMON_FILES.log} in the data directory)`,
      );
    if (Date.now() >= deadline)
      throw unavailable(
        `the store daemon did not answer within ${s.startTimeoutMs} ms (it keeps starting; the next call waits for it)`,
      );
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 1.5, 100);
  }
}

/** Stops the store daemon of `dataDir`, if one runs, and waits until it has exited. */
export async function stopStoreDaemon(dataDir: string): Promise<boolean> {
  const state = await readDaemonState(dataDir);
  if (!state) return false;
  try {
    await loopbackFetch(`${state.url}/local/stop`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${state.approverToken}` },
      signal: AbortSignal.timeout(2000),
    });
  } catch {
    return false;
  }
  for (let waited = 0; waited < 10_000; waited += 20) {
    try {
      process.kill(state.pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}
