import { ConsoleError } from '@argseal/console';
import { SqlStoreError } from '@argseal/postgres';
import { describe, expect, it } from 'vitest';
import { reportCliFailure } from './cli-failure.js';
import { McpSealError } from './errors.js';

function report(error: unknown): [number, string] {
  const lines: string[] = [];
  return [reportCliFailure(error, { stderr: (t) => lines.push(t) }), lines.join('')];
}

describe('reportCliFailure: exit 70 only for a bug', () => {
  it('config and store-location errors are usage (64) with the message', () => {
    expect(
      report(new McpSealError('config_not_found', 'cannot read the config file c.json')),
    ).toEqual([64, 'error: usage/config_not_found cannot read the config file c.json\n']);
    expect(report(new SqlStoreError('store_locked', 'locked'))[0]).toBe(64);
  });

  it('a console store that is unreachable or refuses the token, and a store nobody answers, are usage (64)', () => {
    expect(report(new ConsoleError('console_unreachable', 'the console did not answer'))).toEqual([
      64,
      'error: usage/console_unreachable the console did not answer\n',
    ]);
    expect(report(new ConsoleError('invalid_token', 'unknown token'))[0]).toBe(64);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1 (secret)'), {
      code: 'ECONNREFUSED',
    });
    expect(report(refused)).toEqual([
      64,
      'error: usage/store_unavailable cannot reach the store (ECONNREFUSED)\n',
    ]);
    // a console answer the client does not know stays a bug report
    expect(report(new ConsoleError('unrecognized_code', 'x'))[0]).toBe(70);
  });

  it('pin refusals from either store are exit 2', () => {
    expect(report(new SqlStoreError('pin_not_pending', 'not pending'))).toEqual([
      2,
      'error: pins/pin_not_pending not pending\n',
    ]);
    expect(report(new McpSealError('pin_not_found', 'no pin'))[0]).toBe(2);
  });

  it('anything else is internal (70), without its message', () => {
    expect(report(new TypeError('secret payload'))).toEqual([
      70,
      'error: internal/unexpected_error (TypeError)\n',
    ]);
    expect(report(new McpSealError('upstream_error', 'x'))).toEqual([
      70,
      'error: internal/upstream_error (McpSealError)\n',
    ]);
    expect(report(Object.assign(new Error('m'), { code: 'ECONNREFUSED\n' }))[1]).toBe(
      'error: internal/unexpected_error (Error)\n',
    );
    expect(report(undefined)).toEqual([70, 'error: internal/unexpected_error (undefined)\n']);
  });
});
