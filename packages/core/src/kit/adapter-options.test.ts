import { describe, expect, it } from 'vitest';
import { createAuthorizer } from '../authorizer/create-authorizer.js';
import { ArgsealConfigError } from '../errors.js';
import { assertAdapterOptions, resolveContext } from './adapter-options.js';

const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' as const }) });

function codeOf(fn: () => void): string | undefined {
  try {
    fn();
  } catch (error) {
    return ArgsealConfigError.isInstance(error) ? error.code : 'other';
  }
  return undefined;
}

describe('assertAdapterOptions', () => {
  it('accepts an authorizer with optional fields', () => {
    expect(codeOf(() => assertAdapterOptions('x', { authorizer }))).toBeUndefined();
    expect(
      codeOf(() =>
        assertAdapterOptions('x', { authorizer, allowDecodedOnly: true, maxCachedCalls: 8 }),
      ),
    ).toBeUndefined();
  });

  it.each([
    ['not an object', null],
    ['no authorizer', {}],
    ['authorizer not from createAuthorizer', { authorizer: { call() {} } }],
    ['allowDecodedOnly not boolean', { authorizer, allowDecodedOnly: 'yes' }],
    ['maxCachedCalls zero', { authorizer, maxCachedCalls: 0 }],
    ['maxCachedCalls fractional', { authorizer, maxCachedCalls: 1.5 }],
  ])('refuses %s with invalid_adapter_options', (_name, options) => {
    expect(codeOf(() => assertAdapterOptions('@argseal/x', options))).toBe(
      'invalid_adapter_options',
    );
  });

  it('names the adapter in the message', () => {
    try {
      assertAdapterOptions('@argseal/x', {});
    } catch (error) {
      expect((error as Error).message).toContain('@argseal/x');
    }
    expect.assertions(1);
  });
});

describe('resolveContext', () => {
  it('returns a fixed value', async () => {
    expect(await resolveContext({ user: 'u1' }, 'run')).toEqual({ user: 'u1' });
  });

  it('calls a resolver with the run, sync or async', async () => {
    expect(await resolveContext((run: string) => ({ run }), 'r1')).toEqual({ run: 'r1' });
    expect(await resolveContext(async (run: string) => ({ run }), 'r2')).toEqual({ run: 'r2' });
  });

  it('falls back to the adapter default only when no source is given', async () => {
    const fallback = (run: { context: string }) => run.context;
    expect(await resolveContext(undefined, { context: 'from-run' }, fallback)).toBe('from-run');
    expect(await resolveContext('fixed', { context: 'from-run' }, fallback)).toBe('fixed');
    expect(await resolveContext(undefined, { context: 'x' })).toBeUndefined();
  });
});
