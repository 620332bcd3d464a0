import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HookError } from '../errors.js';
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
  const args = JSON.stringify({ dataDir: s.dataDir, idleMs: s.idleMs });
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
 * The running store daemon of `dataDir`, started when there is none: under the start lock
 * (`daemon.lock`, `@argseal/postgres/lock`), so of several hooks starting at once one
 * spawns it and the others wait for its `daemon.json`. `store_unavailable` /
 * `store_locked` when it does not answer within `startTimeoutMs` (the hook then blocks).
 */
export async function connectStoreDaemon(s: DaemonSettings): Promise<DaemonState> {
  const known = await readDaemonState(s.dataDir);
  if (known && (await answers(known))) return known;
  await mkdir(s.dataDir, { recursive: true, mode: 0o700 });
  const { acquireEmbeddedLock } = await import('@argseal/postgres/lock');
  const deadline = Date.now() + s.startTimeoutMs;
  let lock: Awaited<ReturnType<typeof acquireEmbeddedLock>>;
  try {
    lock = await acquireEmbeddedLock(join(s.dataDir, DAEMON_FILES.startLock), s.startTimeoutMs);
  } catch (cause) {
    if ((cause as { code?: unknown }).code === 'store_locked')
      throw new HookError(
        'store',
        'store_locked',
        'another hook is still starting the store daemon',
        { cause },
      );
    throw unavailable('cannot create the store daemon start lock', cause);
  }
  try {
    const again = await readDaemonState(s.dataDir);
    if (again && (await answers(again))) return again;
    const child = spawnDaemon(s);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    while (Date.now() < deadline && !exited) {
      await new Promise((r) => setTimeout(r, 20));
      const state = await readDaemonState(s.dataDir);
      if (state && state.pid === child.pid && (await answers(state))) return state;
    }
    throw unavailable(
      exited
        ? `the store daemon failed to start (see ${DAEMON_FILES.log} in the data directory)`
        : `the store daemon did not start within ${s.startTimeoutMs} ms`,
    );
  } finally {
    await lock.release();
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
