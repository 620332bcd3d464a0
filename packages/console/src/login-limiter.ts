import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Failed logins a client may make per window before `429 too_many_attempts`. */
export const MAX_FAILED_LOGINS = 10;
/** The window failed logins are counted in: 15 minutes. */
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Clients tracked at once; the oldest entry is dropped past this. */
const MAX_CLIENTS = 10_000;

/** The client's address (the socket peer; behind a proxy every client shares the proxy's). */
export function clientKey(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Counts failed logins per client in a fixed window. `retryAfter` is non-zero for a client
 * over the limit (the route answers 429 before looking at its token); `fail` counts one
 * failure; `succeed` clears the client.
 */
export function createLoginLimiter(
  options: { max?: number; windowMs?: number; now?: () => number } = {},
) {
  const max = options.max ?? MAX_FAILED_LOGINS;
  const windowMs = options.windowMs ?? FAILED_LOGIN_WINDOW_MS;
  const now = options.now ?? Date.now;
  const failures = new Map<string, { count: number; since: number }>();

  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry && now() - entry.since >= windowMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    /** Seconds until the client may try again, or 0 when it may try now. */
    retryAfter(key: string): number {
      const entry = current(key);
      if (!entry || entry.count < max) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - now()) / 1000));
    },
    fail(key: string): void {
      const entry = current(key);
      if (entry) entry.count++;
      else {
        if (failures.size >= MAX_CLIENTS) failures.delete(failures.keys().next().value!);
        failures.set(key, { count: 1, since: now() });
      }
    },
    succeed(key: string): void {
      failures.delete(key);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
