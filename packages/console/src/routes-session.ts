import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { type AuthSettings, type ConsoleEnv, requireApprover } from './auth.js';
import { HttpError, sendError } from './http-errors.js';
import { clientKey, createLoginLimiter, type LoginLimiter } from './login-limiter.js';
import { expectObject, readJsonBody } from './read-json.js';
import { SESSION_COOKIE } from './sessions.js';

/**
 * Browser login. `POST /api/session {token}` trades an approver token for an HttpOnly,
 * SameSite=Strict session cookie and returns the session's CSRF token; the page keeps that
 * token in memory and sends it with every state-changing request. `GET /api/session` names
 * the signed-in approver and their four-eyes groups.
 */
export function sessionRoutes(
  s: AuthSettings,
  ttlMs: number,
  limiter: LoginLimiter = createLoginLimiter(),
  groupsOf: (approver: string) => string[] = () => [],
): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.post('/', async (c) => {
    try {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if (
        (origin !== undefined && origin !== new URL(c.req.url).origin) ||
        (site !== undefined && site !== 'same-origin' && site !== 'none')
      ) {
        throw new HttpError('cross_origin', 'cross-site login is refused');
      }
      const client = clientKey(c);
      const retry = limiter.retryAfter(client);
      if (retry > 0) {
        c.header('Retry-After', String(retry));
        throw new HttpError(
          'too_many_attempts',
          `too many failed logins from this client; try again in ${retry} s`,
        );
      }
      const body = expectObject(await readJsonBody(c, 4096), ['token'], 'login');
      const token = typeof body.token === 'string' ? body.token : '';
      const approver = s.approvers.lookup(token);
      if (approver === undefined) limiter.fail(client);
      else limiter.succeed(client);
      if (approver === undefined) {
        if (s.agents.lookup(token) !== undefined)
          throw new HttpError('forbidden_role', 'agent tokens cannot log in');
        throw new HttpError('invalid_token', 'the token is not known to this console');
      }
      const session = s.sessions.create(approver);
      setCookie(c, SESSION_COOKIE, session.id, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: Math.floor(ttlMs / 1000),
      });
      return c.json({ approver, csrfToken: session.csrfToken });
    } catch (error) {
      return sendError(c, error);
    }
  });

  app.get('/', requireApprover(s), (c) => {
    const id = c.get('identity');
    return c.json({
      approver: id.name,
      // four-eyes groups, so the page can say who may decide before anyone tries
      groups: groupsOf(id.name),
      via: id.via,
      ...(id.via === 'session' ? { csrfToken: id.session.csrfToken } : {}),
    });
  });

  app.post('/logout', requireApprover(s), (c) => {
    const id = c.get('identity');
    if (id.via === 'session') s.sessions.delete(id.session.id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

  return app;
}
