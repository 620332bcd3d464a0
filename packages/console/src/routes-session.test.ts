import { describe, expect, it } from 'vitest';
import { AGENT, ALICE, errorCode, makeConsole } from './__fixtures__/console-fixture.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

describe('browser session and CSRF', () => {
  it('logs in with an approver token: HttpOnly SameSite=Strict cookie and a CSRF token', async () => {
    const cx = makeConsole();
    const res = await cx.request('POST', '/api/session', { body: { token: ALICE } });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^argseal_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    const body = (await res.json()) as { approver: string; csrfToken: string };
    expect(body.approver).toBe('alice');
    expect(body.csrfToken).toMatch(/^[\w-]{40,}$/);
    expect(cookie).not.toContain(body.csrfToken);
    const me = await cx.request('GET', '/api/session', { cookie: cookie.split(';')[0]! });
    expect(await me.json()).toEqual({
      approver: 'alice',
      groups: [],
      via: 'session',
      csrfToken: body.csrfToken,
    });
  });

  it('refuses bad logins: unknown token 401, agent token 403, cross-site 403, malformed 400', async () => {
    const cx = makeConsole();
    const cases: [Parameters<typeof cx.request>[2], number, string][] = [
      [{ body: { token: 'unknown-token-0123456789' } }, 401, 'invalid_token'],
      [{ body: { token: AGENT } }, 403, 'forbidden_role'],
      [{ body: { token: '' } }, 401, 'invalid_token'],
      [
        { body: { token: ALICE }, headers: { Origin: 'https://evil.example' } },
        403,
        'cross_origin',
      ],
      [
        { body: { token: ALICE }, headers: { 'Sec-Fetch-Site': 'cross-site' } },
        403,
        'cross_origin',
      ],
      [{ rawBody: '{"token":' }, 400, 'invalid_json'],
      [{ body: { token: ALICE, extra: 1 } }, 400, 'unknown_field'],
      [
        {
          rawBody: `token=${ALICE}`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        },
        415,
        'unsupported_media_type',
      ],
    ];
    for (const [init, status, code] of cases) {
      const res = await cx.request('POST', '/api/session', init);
      expect(res.status, code).toBe(status);
      expect(await errorCode(res)).toBe(code);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('a cookie-authenticated decision needs the session CSRF token and a same-origin request', async () => {
    const cx = makeConsole();
    const p = await cx.pending();
    const { cookie, csrf } = await cx.login();
    const other = await cx.login('bob-token-0123456789abcdef');
    const before = await cx.snapshot();
    const body = { decision: 'approve', proposalHash: p.proposalHash };
    const path = `/api/proposals/${p.id}/decision`;
    const refused: [Parameters<typeof cx.request>[2], string][] = [
      [{ cookie, body }, 'csrf_token_missing'],
      [{ cookie, body, csrf: 'x'.repeat(43) }, 'csrf_token_invalid'],
      [{ cookie, body, csrf: other.csrf }, 'csrf_token_invalid'],
      [{ cookie, body, csrf, headers: { Origin: 'http://evil.example' } }, 'cross_origin'],
      [{ cookie, body, csrf, headers: { 'Sec-Fetch-Site': 'same-site' } }, 'cross_origin'],
    ];
    for (const [init, code] of refused) {
      const res = await cx.request('POST', path, init);
      expect(res.status, code).toBe(403);
      expect(await errorCode(res)).toBe(code);
    }
    expect(await cx.snapshot()).toBe(before);
    const ok = await cx.request('POST', path, {
      cookie,
      csrf,
      body,
      headers: { Origin: 'http://127.0.0.1:7407', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(ok.status).toBe(200);
    expect(await cx.store.getProposal(p.id)).toMatchObject({
      status: 'approved',
      decidedBy: 'alice',
    });
  });

  it('logout ends the session (CSRF required) and a forged cookie is not a session', async () => {
    const cx = makeConsole();
    const { cookie, csrf } = await cx.login();
    expect((await cx.request('POST', '/api/session/logout', { cookie })).status).toBe(403);
    expect((await cx.request('GET', '/api/proposals', { cookie })).status).toBe(200);
    const out = await cx.request('POST', '/api/session/logout', { cookie, csrf });
    expect(out.status).toBe(204);
    expect((await cx.request('GET', '/api/proposals', { cookie })).status).toBe(401);
    expect(
      (await cx.request('GET', '/api/proposals', { cookie: 'argseal_session=forged' })).status,
    ).toBe(401);
  });
});

describe('pages', () => {
  it('the console page needs a session; login page and assets are static', async () => {
    const cx = makeConsole();
    const anon = await cx.request('GET', '/');
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe('/login');
    const { cookie } = await cx.login();
    const page = await cx.request('GET', '/', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('id="pending-list"');
    const agentPage = await cx.request('GET', '/', { token: AGENT });
    expect(agentPage.status).toBe(302);
    for (const path of ['/login', '/assets/console.js', '/assets/console.css']) {
      expect((await cx.request('GET', path)).status, path).toBe(200);
    }
    expect((await cx.request('GET', '/assets/other.js')).status).toBe(404);
  });

  it('every response carries the strict CSP and hardening headers', async () => {
    const cx = makeConsole();
    for (const path of ['/login', '/', '/api/proposals', '/assets/console.js', '/nowhere']) {
      const res = await cx.request('GET', path, { token: ALICE });
      expect(res.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).toContain("require-trusted-types-for 'script'");
  });
});
