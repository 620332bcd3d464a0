import { ApprovalError } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../errors.js';
import { createConsoleRequest } from './http-client.js';

/** A fetch that records the URLs asked for and answers with `reply`. */
function recordingFetch(reply: () => Response) {
  const urls: string[] = [];
  const fetch = (async (input: string | URL | Request) => {
    urls.push(String(input));
    return reply();
  }) as typeof globalThis.fetch;
  return { urls, fetch };
}

const ok = () => Response.json({ ok: true });

describe('createConsoleRequest', () => {
  it.each([
    ['http://127.0.0.1:7407', 'http://127.0.0.1:7407/api/x'],
    ['http://127.0.0.1:7407/', 'http://127.0.0.1:7407/api/x'],
    ['http://127.0.0.1:7407/console///', 'http://127.0.0.1:7407/console/api/x'],
    [`http://127.0.0.1:7407/${'/'.repeat(50_000)}`, 'http://127.0.0.1:7407/api/x'],
  ])('joins %s and the path without doubled slashes', async (url, expected) => {
    const { urls, fetch } = recordingFetch(ok);
    await createConsoleRequest({ url, token: 't', fetch })('GET', '/api/x');
    expect(urls).toEqual([expected]);
  });

  it('rebuilds a store refusal as ApprovalError with its code, others as ConsoleError', async () => {
    const approval = recordingFetch(() =>
      Response.json(
        { error: { code: 'proposal_not_pending', message: 'decided', kind: 'approval' } },
        { status: 409 },
      ),
    );
    const call = createConsoleRequest({
      url: 'http://127.0.0.1:1',
      token: 't',
      fetch: approval.fetch,
    });
    const error = await call('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(ApprovalError.isInstance(error)).toBe(true);
    expect((error as ApprovalError).code).toBe('proposal_not_pending');
    const other = recordingFetch(() =>
      Response.json(
        { error: { code: 'invalid_token', message: 'no', kind: 'console' } },
        { status: 401 },
      ),
    );
    const refused = await createConsoleRequest({
      url: 'http://127.0.0.1:1',
      token: 't',
      fetch: other.fetch,
    })('GET', '/api/x').catch((e: unknown) => e);
    expect(ConsoleError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ code: 'invalid_token', status: 401 });
  });

  /** What `createConsoleRequest` throws for an error answer with `body` and `status`. */
  async function refusalFor(body: unknown, status: number): Promise<unknown> {
    const { urls, fetch } = recordingFetch(() => Response.json(body, { status }));
    const call = createConsoleRequest({ url: 'http://127.0.0.1:1', token: 't', fetch });
    const error = await call('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(urls).toHaveLength(1);
    return error;
  }

  it.each([
    ['an invented console code', { code: 'totally_new_code', message: 'm', kind: 'console' }],
    ['an invented approval code', { code: 'proposal_vanished', message: 'm', kind: 'approval' }],
    ['a console code sent as an approval', { code: 'not_found', message: 'm', kind: 'approval' }],
    ['a prototype key', { code: 'constructor', message: 'm', kind: 'console' }],
    ['__proto__', { code: '__proto__', message: 'm', kind: 'approval' }],
    ['a payload as the code', { code: '{"to":"acct_1","amount":5000}', message: 'm' }],
  ])('maps %s to ConsoleError unrecognized_code, keeping the status', async (_l, error) => {
    const refused = await refusalFor({ error }, 409);
    expect(ConsoleError.isInstance(refused)).toBe(true);
    expect(ApprovalError.isInstance(refused)).toBe(false);
    expect(refused).toMatchObject({ code: 'unrecognized_code', status: 409 });
    expect((refused as Error).message).not.toContain(error.code);
  });

  it.each([
    ['no error field', { message: 'm' }],
    ['a numeric code', { error: { code: 404, message: 'm', kind: 'console' } }],
    ['null', null],
    ['an array', []],
  ])('maps an error answer with %s to invalid_response', async (_l, body) => {
    const refused = await refusalFor(body, 502);
    expect(ConsoleError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ code: 'invalid_response', status: 502 });
  });

  it('keeps a known console code sent without a kind as ConsoleError', async () => {
    const refused = await refusalFor({ error: { code: 'agent_mismatch', message: 'm' } }, 403);
    expect(refused).toMatchObject({ code: 'agent_mismatch', status: 403, message: 'm' });
  });
});
