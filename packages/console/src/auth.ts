import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { HttpError, sendError } from './http-errors.js';
import { type ConsoleSession, SESSION_COOKIE, type SessionStore, safeEqual } from './sessions.js';
import type { TokenRegistry } from './tokens.js';

/** Who is calling: an approver (bearer token or browser session) or an agent (bearer token). */
export type Identity =
  | { role: 'approver'; name: string; via: 'bearer' }
  | { role: 'approver'; name: string; via: 'session'; session: ConsoleSession }
  | { role: 'agent'; name: string; via: 'bearer' };

export type ConsoleEnv = { Variables: { identity: Identity } };

export interface AuthSettings {
  approvers: TokenRegistry;
  agents: TokenRegistry;
  sessions: SessionStore;
}

/** Header the page sends the session's CSRF token in. */
const CSRF_HEADER = 'X-Argseal-CSRF';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearer(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new HttpError('invalid_authorization', 'expected "Authorization: Bearer <token>"');
  return match[1];
}

function unauthorized(c: Context, error: HttpError): Response {
  c.header('WWW-Authenticate', 'Bearer realm="argseal-console"');
  return sendError(c, error);
}

/**
 * Cross-site request checks for cookie-authenticated state changes: the request must carry the
 * session's CSRF token in `X-Argseal-CSRF` (a cross-site page cannot read it), and when the
 * browser names an Origin or a Sec-Fetch-Site it must be this console's own.
 */
function checkCsrf(c: Context, session: ConsoleSession): void {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new HttpError('cross_origin', 'cross-site requests are refused');
  }
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) {
    throw new HttpError('cross_origin', 'the Origin header does not match this console');
  }
  const presented = c.req.header(CSRF_HEADER);
  if (!presented)
    throw new HttpError('csrf_token_missing', `send the session's CSRF token in ${CSRF_HEADER}`);
  if (!safeEqual(presented, session.csrfToken))
    throw new HttpError('csrf_token_invalid', 'the CSRF token does not match this session');
}

/** Resolves the caller; undefined when there is no credential at all. */
export function identify(c: Context, s: AuthSettings): Identity | undefined {
  const token = bearer(c);
  if (token !== undefined) {
    const approver = s.approvers.lookup(token);
    if (approver !== undefined) return { role: 'approver', name: approver, via: 'bearer' };
    const agent = s.agents.lookup(token);
    if (agent !== undefined) return { role: 'agent', name: agent, via: 'bearer' };
    throw new HttpError('invalid_token', 'the token is not known to this console');
  }
  const session = s.sessions.get(getCookie(c, SESSION_COOKIE));
  return session
    ? { role: 'approver', name: session.approver, via: 'session', session }
    : undefined;
}

/** Approver routes: a bearer approver token, or a session cookie plus CSRF checks on writes. */
export function requireApprover(s: AuthSettings): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    let identity: Identity | undefined;
    try {
      identity = identify(c, s);
      if (!identity)
        return unauthorized(
          c,
          new HttpError('unauthenticated', 'log in or send an approver token'),
        );
      if (identity.role !== 'approver') {
        throw new HttpError('forbidden_role', 'agent tokens cannot use the approver API');
      }
      if (identity.via === 'session' && !SAFE_METHODS.has(c.req.method))
        checkCsrf(c, identity.session);
    } catch (error) {
      return error instanceof HttpError && error.status === 401
        ? unauthorized(c, error)
        : sendError(c, error);
    }
    c.set('identity', identity);
    await next();
  };
}

/** Agent routes: a bearer agent token only (no cookies, so no CSRF exposure). */
export function requireAgent(s: AuthSettings): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    let token: string | undefined;
    try {
      token = bearer(c);
    } catch (error) {
      return unauthorized(c, error as HttpError);
    }
    if (token === undefined)
      return unauthorized(c, new HttpError('unauthenticated', 'send an agent token'));
    const agent = s.agents.lookup(token);
    if (agent === undefined) {
      if (s.approvers.lookup(token) !== undefined) {
        return sendError(
          c,
          new HttpError('forbidden_role', 'approver tokens cannot use the agent API'),
        );
      }
      return unauthorized(
        c,
        new HttpError('invalid_token', 'the token is not known to this console'),
      );
    }
    c.set('identity', { role: 'agent', name: agent, via: 'bearer' });
    await next();
  };
}
