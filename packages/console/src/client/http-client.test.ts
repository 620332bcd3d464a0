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
        { error: { code: 'unauthorized', message: 'no', kind: 'console' } },
        { status: 401 },
      ),
    );
    const refused = await createConsoleRequest({
      url: 'http://127.0.0.1:1',
      token: 't',
      fetch: other.fetch,
    })('GET', '/api/x').catch((e: unknown) => e);
    expect(ConsoleError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ code: 'unauthorized', status: 401 });
  });
});
