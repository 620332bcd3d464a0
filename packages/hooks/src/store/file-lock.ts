import { open, readFile, stat, unlink } from 'node:fs/promises';
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

/** A breaker that died mid-break leaves its guard behind: older than this, it is removed. */
const STALE_GUARD_MS = 10_000;

/**
 * Removes a lock whose holder died. Breakers take turns through a guard file (`<lock>.break`,
 * also `open(..., 'wx')`) and, holding it, check again that the lock still names the dead
 * holder before unlinking it. A lock can only be replaced by first removing it, which a
 * dead holder cannot do and other breakers do only under the guard, so a live holder's
 * lock is never removed.
 */
async function breakStale(path: string, deadPid: number): Promise<void> {
  const guard = `${path}.break`;
  try {
    await (await open(guard, 'wx', 0o600)).close();
  } catch {
    const age = await stat(guard).then(
      (st) => Date.now() - st.mtimeMs,
      () => 0,
    );
    if (age > STALE_GUARD_MS) await unlink(guard).catch(() => undefined);
    return; // someone else is breaking it: wait and retry
  }
  try {
    // dead first, then still named: a holder that is dead can no longer release (and so no
    // new lock can have replaced its file between the read and the unlink)
    if (!alive(deadPid) && (await ownerOf(path)) === deadPid)
      await unlink(path).catch(() => undefined);
  } finally {
    await unlink(guard).catch(() => undefined);
  }
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
