import { ConsoleError } from '@argseal/console';
import { SqlStoreError } from '@argseal/postgres';
import { describe, expect, it } from 'vitest';
import { McpSealError } from '../errors.js';
import { reportCliFailure } from './cli-failure.js';

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
    // a URL that answers, but not as a console, and another agent's token
    expect(report(new ConsoleError('invalid_response', 'not JSON'))).toEqual([
      64,
      'error: usage/invalid_response not JSON\n',
    ]);
    expect(report(new ConsoleError('not_found', 'no route'))[0]).toBe(64);
    expect(report(new ConsoleError('agent_mismatch', 'another agent'))[0]).toBe(64);
    // the console's own failure and an answer the client does not know stay bug reports
    expect(report(new ConsoleError('internal_error', 'x'))[0]).toBe(70);
    expect(report(new ConsoleError('unrecognized_code', 'x'))[0]).toBe(70);
  });

  it('pin refusals from either store are exit 2', () => {
    expect(report(new SqlStoreError('pin_not_pending', 'not pending'))).toEqual([
      2,
      'error: pins/pin_not_pending not pending\n',
    ]);
    expect(report(new McpSealError('pin_not_found', 'no pin'))[0]).toBe(2);
    expect(report(new ConsoleError('pin_not_first_use', 'already approved'))[0]).toBe(2);
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
