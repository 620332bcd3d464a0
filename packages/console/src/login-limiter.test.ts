import { describe, expect, it } from 'vitest';
import { ALICE, errorCode, makeConsole } from './__fixtures__/console-fixture.js';
import { createLoginLimiter, MAX_FAILED_LOGINS } from './login-limiter.js';

describe('failed logins are rate-limited per client', () => {
  it('after MAX_FAILED_LOGINS failures even the right token gets 429 with Retry-After, no session', async () => {
    const cx = makeConsole();
    const login = (token: string) => cx.request('POST', '/api/session', { body: { token } });
    expect((await login(ALICE)).status).toBe(200);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++)
      expect((await login(`wrong-token-${i}-0123456789`)).status).toBe(401);
    const refused = await login(ALICE);
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe('too_many_attempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  it('counts in a window per client; success clears the count', () => {
    let t = 0;
    const limiter = createLoginLimiter({ max: 2, windowMs: 1000, now: () => t });
    limiter.fail('a');
    limiter.fail('a');
    expect(limiter.retryAfter('a')).toBe(1);
    expect(limiter.retryAfter('b')).toBe(0);
    t = 1000;
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.fail('a');
    limiter.succeed('a');
    limiter.fail('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
});
