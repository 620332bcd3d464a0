import { open, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { SqlStoreError } from '../errors.js';

/** A held lock: `release()` is idempotent. */
export interface HeldEmbeddedLock {
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
 * also `open(..., 'wx')`) and, holding it, check that the holder is dead and only then that
 * the lock still names it, before unlinking it. A dead holder can no longer release, and a
 * lock file is replaced only after it was removed (by breakers, only under the guard), so a
 * live holder's lock is never removed. (Renaming the lock aside and back could overwrite a
 * lock another process had just taken.)
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
    return; // another process is breaking it: wait and retry
  }
  try {
    if (!alive(deadPid) && (await ownerOf(path)) === deadPid)
      await unlink(path).catch(() => undefined);
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

/** The marker a waiting process leaves next to the lock (`<lock>.want`). */
export const wantPath = (lockPath: string): string => `${lockPath}.want`;

/**
 * Takes an exclusive lock file (`open(path, 'wx')` holding the owner's pid), so processes
 * sharing an embedded directory use it one at a time. A lock whose owner died is broken; a
 * live one is waited for, up to `timeoutMs` (`SqlStoreError` `store_locked`). While it
 * waits, the process leaves `<path>.want`, which a long-running holder watches to yield.
 */
export async function acquireEmbeddedLock(
  path: string,
  timeoutMs: number,
): Promise<HeldEmbeddedLock> {
  const deadline = Date.now() + timeoutMs;
  let wait = 5;
  let wanted = false;
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      if (wanted) await unlink(wantPath(path)).catch(() => undefined);
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
        throw new SqlStoreError('store_unavailable', 'cannot create the embedded store lock file', {
          cause: error,
        });
      }
    }
    const owner = await ownerOf(path);
    if (owner !== undefined && owner !== process.pid && !alive(owner)) {
      await breakStale(path, owner);
    }
    if (Date.now() >= deadline) {
      throw new SqlStoreError(
        'store_locked',
        'the embedded store stayed locked by another process',
      );
    }
    await writeFile(wantPath(path), `${process.pid}\n`, { mode: 0o600 }).catch(() => undefined);
    wanted = true;
    await new Promise((r) => setTimeout(r, wait + Math.random() * wait));
    wait = Math.min(wait * 2, 100);
  }
}
