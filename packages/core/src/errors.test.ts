import { describe, expect, it } from 'vitest';
import {
  ApprovalError,
  ArgsealConfigError,
  ArgsealError,
  ToolArgumentsValidationError,
} from './errors.js';
import { parseStrictJson } from './json/parse-strict-json.js';

type ErrorsModule = typeof import('./errors.js');

/** A second, independent copy of errors.ts, as a duplicate install would load it. */
async function duplicateInstall(): Promise<ErrorsModule> {
  const spec = './errors.ts?duplicate-install';
  return (await import(/* @vite-ignore */ spec)) as ErrorsModule;
}

describe('ArgsealError', () => {
  it('carries code, name, message and cause', () => {
    const cause = new Error('inner');
    const e = new ArgsealError('some_code', 'something failed', { cause });
    expect(e).toBeInstanceOf(Error);
    expect([e.code, e.name, e.message, e.cause]).toEqual([
      'some_code',
      'ArgsealError',
      'something failed',
      cause,
    ]);
    expect(ArgsealError.isInstance(e)).toBe(true);
    expect(String(e)).toBe('ArgsealError: something failed');
  });

  it('keeps its marker non-enumerable, read-only and out of serialization', () => {
    const e = new ArgsealError('c', 'm');
    const marker = Symbol.for('argseal.error');
    expect(Object.getOwnPropertySymbols(e)).toEqual([marker]);
    expect(Object.getOwnPropertyDescriptor(e, marker)).toMatchObject({
      value: true,
      enumerable: false,
      writable: false,
    });
    expect(JSON.parse(JSON.stringify(e))).toEqual({ code: 'c', name: 'ArgsealError' });
  });

  it('subclasses are ArgsealErrors but not each other', () => {
    const approval = new ApprovalError('proposal_not_found', 'm');
    const config = new ArgsealConfigError('missing_policy', 'm');
    const validation = new ToolArgumentsValidationError({
      stage: 'schema',
      code: 'schema_validation_failed',
      path: '',
    });
    for (const e of [approval, config, validation]) expect(ArgsealError.isInstance(e)).toBe(true);
    expect([approval.name, config.name]).toEqual(['ApprovalError', 'ArgsealConfigError']);
    expect(ApprovalError.isInstance(approval)).toBe(true);
    expect(ApprovalError.isInstance(config)).toBe(false);
    expect(ArgsealConfigError.isInstance(config)).toBe(true);
    expect(ArgsealConfigError.isInstance(validation)).toBe(false);
    expect(ToolArgumentsValidationError.isInstance(approval)).toBe(false);
  });
});

describe('ToolArgumentsValidationError', () => {
  it('carries stage, code, path, tool and issues', () => {
    const issues = [{ message: 'Expected number', path: '/amount' }];
    const e = new ToolArgumentsValidationError({
      stage: 'schema',
      code: 'schema_validation_failed',
      path: '/amount',
      tool: 'refund',
      issues,
    });
    expect(e).toBeInstanceOf(ArgsealError);
    expect(e).toMatchObject({
      name: 'ToolArgumentsValidationError',
      stage: 'schema',
      code: 'schema_validation_failed',
      path: '/amount',
      tool: 'refund',
      issues,
    });
    expect(e.message).toBe('tool "refund": schema/schema_validation_failed at /amount');
  });

  it('formats the root path and an optional detail', () => {
    const root = new ToolArgumentsValidationError({
      stage: 'decode',
      code: 'invalid_json',
      path: '',
    });
    expect(root.message).toBe('decode/invalid_json at (root)');
    expect(root.tool).toBeUndefined();
    expect(root.issues).toBeUndefined();
    const detailed = new ToolArgumentsValidationError({
      stage: 'rewrite',
      code: 'rewrite_failed',
      path: '/a~1b',
      detail: 'hook threw',
    });
    expect(detailed.message).toBe('rewrite/rewrite_failed at /a~1b (hook threw)');
  });

  it('withContext returns a new error for another tool and stage', () => {
    const e = new ToolArgumentsValidationError({
      stage: 'decode',
      code: 'duplicate_key',
      path: '/a',
    });
    const moved = e.withContext('refund', 'rewrite');
    expect(moved).not.toBe(e);
    expect([moved.stage, moved.code, moved.path, moved.tool]).toEqual([
      'rewrite',
      'duplicate_key',
      '/a',
      'refund',
    ]);
    expect(moved.message).toBe('tool "refund": rewrite/duplicate_key at /a');
    expect([e.stage, e.tool]).toEqual(['decode', undefined]);
    expect(e.withContext('t').stage).toBe('decode');
  });

  it('is what the strict decoder throws', () => {
    let err: unknown;
    try {
      parseStrictJson('{"a":1,"a":2}');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolArgumentsValidationError);
    expect(ToolArgumentsValidationError.isInstance(err)).toBe(true);
  });
});

describe('isInstance across duplicate installs', () => {
  it('recognizes errors from a second copy of the module (instanceof does not)', async () => {
    const dup = await duplicateInstall();
    expect(dup.ToolArgumentsValidationError).not.toBe(ToolArgumentsValidationError);
    const foreign = new dup.ToolArgumentsValidationError({
      stage: 'snapshot',
      code: 'cycle',
      path: '/a',
    });
    expect(foreign instanceof ToolArgumentsValidationError).toBe(false);
    expect(ToolArgumentsValidationError.isInstance(foreign)).toBe(true);
    expect(ArgsealError.isInstance(foreign)).toBe(true);
    expect(ApprovalError.isInstance(foreign)).toBe(false);
    const ours = new ToolArgumentsValidationError({
      stage: 'decode',
      code: 'invalid_json',
      path: '',
    });
    expect(dup.ToolArgumentsValidationError.isInstance(ours)).toBe(true);
    expect(dup.ApprovalError.isInstance(new ApprovalError('proposal_not_found', 'm'))).toBe(true);
  });

  it('recognizes an object carrying the Symbol.for markers', () => {
    const lookalike = {
      [Symbol.for('argseal.error')]: true,
      [Symbol.for('argseal.error.tool-arguments-validation')]: true,
      stage: 'decode',
      code: 'invalid_json',
      path: '',
    };
    expect(ToolArgumentsValidationError.isInstance(lookalike)).toBe(true);
    expect(ArgsealError.isInstance(lookalike)).toBe(true);
    const onlyValidation = { [Symbol.for('argseal.error.tool-arguments-validation')]: true };
    expect(ToolArgumentsValidationError.isInstance(onlyValidation)).toBe(true);
    expect(ArgsealError.isInstance(onlyValidation)).toBe(false);
  });

  it.each([
    ['a plain Error', new Error('x')],
    [
      'a look-alike without the marker',
      { name: 'ToolArgumentsValidationError', code: 'x', stage: 'decode' },
    ],
    [
      'a marker that is not exactly true',
      { [Symbol.for('argseal.error.tool-arguments-validation')]: 'true' },
    ],
    ['a string-keyed marker', { 'argseal.error.tool-arguments-validation': true }],
    [
      'a local (non-registry) symbol',
      { [Symbol('argseal.error.tool-arguments-validation')]: true },
    ],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'ToolArgumentsValidationError'],
  ])('rejects %s', (_label, value) => {
    expect(ToolArgumentsValidationError.isInstance(value)).toBe(false);
    expect(ArgsealError.isInstance(value)).toBe(false);
  });
});
