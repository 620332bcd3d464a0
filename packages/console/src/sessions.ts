import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A browser login: an approver identity and the CSRF token bound to it. */
export interface ConsoleSession {
  id: string;
  approver: string;
  csrfToken: string;
  expiresAt: number;
}

/**
 * Name of the browser session cookie set by `POST /api/session` (HttpOnly, SameSite=Strict,
 * Secure over https). State-changing requests with it also need the session's CSRF token.
 */
export const SESSION_COOKIE = 'argseal_session';
/** Default session lifetime: eight hours. */
export const DEFAULT_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

const randomToken = (): string => randomBytes(32).toString('base64url');

/** Constant-time comparison of two strings (false on different lengths). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** In-memory sessions (they end when the console restarts; log in again). */
export function createSessionStore(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? DEFAULT_SESSION_TTL_MS;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, ConsoleSession>();

  function sweep(): void {
    const t = now();
    for (const [id, s] of sessions) if (s.expiresAt <= t) sessions.delete(id);
  }

  return {
    create(approver: string): ConsoleSession {
      sweep();
      const session = {
        id: randomToken(),
        approver,
        csrfToken: randomToken(),
        expiresAt: now() + ttl,
      };
      sessions.set(session.id, session);
      return { ...session };
    },
    get(id: string | undefined): ConsoleSession | undefined {
      if (!id) return undefined;
      const s = sessions.get(id);
      if (!s) return undefined;
      if (s.expiresAt <= now()) {
        sessions.delete(id);
        return undefined;
      }
      return { ...s };
    },
    delete(id: string): void {
      sessions.delete(id);
    },
    get size(): number {
      sweep();
      return sessions.size;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
