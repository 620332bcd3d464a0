import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DAEMON_FILES } from './daemon-state.js';

/** Path of the daemon lock of a data directory (`daemon.lock`: the pid of its one daemon). */
export const daemonLockPath = (dataDir: string): string => join(dataDir, DAEMON_FILES.startLock);

/** The pid the lock names, or undefined (no lock, or one being written). */
export async function daemonLockOwner(path: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid exists (EPERM: it does, as another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes a held lock name `pid` (a temporary file renamed over it, so a reader never sees it
 * empty). Only the holder calls it: the hook that took the lock, handing it to the daemon it
 * spawned, and that daemon claiming it.
 */
export async function handDaemonLock(path: string, pid: number): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${pid}\n`, { mode: 0o600 });
  await rename(tmp, path);
}

/**
 * The daemon's side: true when this process owns the lock — handed to it by the hook that
 * spawned it (the lock names that hook or this process), or free and taken now. False when
 * another live process holds it: another daemon serves (or is starting for) the directory.
 */
export async function claimDaemonLock(path: string, spawner: number | undefined): Promise<boolean> {
  const owner = await daemonLockOwner(path);
  if (owner === process.pid || (owner !== undefined && owner === spawner)) {
    await handDaemonLock(path, process.pid);
    return true;
  }
  const { acquireEmbeddedLock } = await import('@argseal/postgres/lock');
  try {
    await acquireEmbeddedLock(path, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes the lock if it still names this process. */
export async function releaseDaemonLock(path: string): Promise<void> {
  if ((await daemonLockOwner(path)) === process.pid) await unlink(path).catch(() => undefined);
}
