import { open, readFile, rename, unlink } from 'node:fs/promises';
import { HookError } from '../errors.js';

/** A held lock: release it exactly once. */
export interface HeldLock {
  release(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(path: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Removes a lock whose holder died: renamed aside first, so only one process removes it. */
async function breakStale(path: string, deadPid: number): Promise<void> {
  const aside = `${path}.${process.pid}.stale`;
  try {
    await rename(path, aside);
  } catch {
    return; // someone else broke it, or it was released
  }
  if ((await ownerOf(aside)) !== deadPid) {
    // a live holder's lock was moved by mistake: put it back unless a new lock exists
    await rename(aside, path).catch(() => undefined);
    return;
  }
  await unlink(aside).catch(() => undefined);
}

/**
 * Takes an exclusive lock file (`open(..., 'wx')`, holding the owner's pid) so hook
 * processes that run at once use the embedded store one at a time. A lock whose owner
 * died is broken; a live one is waited for, up to `timeoutMs` (HookError `store_locked`).
 */
export async function acquireLock(path: string, timeoutMs: number): Promise<HeldLock> {
  const deadline = Date.now() + timeoutMs;
  let wait = 5;
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await unlink(path).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new HookError('store', 'store_unavailable', 'cannot create the store lock file', {
          cause: error,
        });
      }
    }
    const owner = await ownerOf(path);
    if (owner !== undefined && owner !== process.pid && !alive(owner)) {
      await breakStale(path, owner);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new HookError(
        'store',
        'store_locked',
        'the embedded store stayed locked by another process',
      );
    }
    await new Promise((r) => setTimeout(r, wait + Math.random() * wait));
    wait = Math.min(wait * 2, 100);
  }
}
