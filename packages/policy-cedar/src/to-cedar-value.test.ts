import type { JsonValue } from '@argseal/core';
import { createSnapshot, parseStrictJson } from '@argseal/core/data';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CedarPolicyError, toCedarValue } from './index.js';

const refusal = (value: unknown) => {
  try {
    toCedarValue(value as JsonValue);
  } catch (error) {
    expect(CedarPolicyError.isInstance(error)).toBe(true);
    const e = error as CedarPolicyError;
    return { code: e.code, path: e.path, message: e.message };
  }
  throw new Error('expected a refusal');
};

describe('toCedarValue: exact or refused', () => {
  it('maps strings, booleans, safe integers, records and arrays as they are', () => {
    const snapshot = createSnapshot(
      parseStrictJson(
        '{"s":"é","b":false,"n":-9007199254740991,"r":{"__proto__":{"x":1}},"a":[1,"1",true]}',
      ),
    ) as JsonValue;
    const mapped = toCedarValue(snapshot) as Record<string, unknown>;
    expect(JSON.stringify(mapped)).toBe(
      '{"a":[1,"1",true],"b":false,"n":-9007199254740991,"r":{"__proto__":{"x":1}},"s":"é"}',
    );
    // the key `__proto__` is data, not a prototype
    expect(Object.keys(mapped.r as object)).toEqual(['__proto__']);
  });

  it.each([
    [{ amount: 10.5 }, 'cedar_non_integer_number', '/amount'],
    [{ a: [{ n: 0.1 }] }, 'cedar_non_integer_number', '/a/0/n'],
    [{ big: 1e21 }, 'cedar_unsafe_integer', '/big'],
    [{ big: 2 ** 53 }, 'cedar_unsafe_integer', '/big'],
    [{ v: null }, 'cedar_null_value', '/v'],
    [null, 'cedar_null_value', ''],
    [{ x: { __entity: { type: 'Admin', id: 'root' } } }, 'cedar_reserved_key', '/x/__entity'],
    [{ __extn: { fn: 'ip', arg: '10.0.0.1' } }, 'cedar_reserved_key', '/__extn'],
    [{ __expr: 'true' }, 'cedar_reserved_key', '/__expr'],
    [{ to: ['bob', 'alice', 'bob'] }, 'cedar_duplicate_set_element', '/to/2'],
    [
      {
        to: [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
      },
      'cedar_duplicate_set_element',
      '/to/1',
    ],
    [{ 'a/b': { '~': 0.5 } }, 'cedar_non_integer_number', '/a~1b/~0'],
    [{ u: undefined }, 'cedar_invalid_value', '/u'],
  ])('%j is refused with %s at %s', (value, code, path) => {
    const r = refusal(value);
    expect(r.code).toBe(code);
    expect(r.path).toBe(path);
  });

  it('never puts the refused value in the message', () => {
    expect(refusal({ secret: 1234.5678 }).message).not.toContain('1234');
    expect(refusal({ k: ['hunter2', 'hunter2'] }).message).not.toContain('hunter2');
  });

  it('any safe integer maps to itself; any non-integer is refused, never rounded', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        fc.pre(!Object.is(n, -0));
        expect(toCedarValue({ n })).toEqual({ n });
      }),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        fc.pre(!Number.isInteger(n));
        expect(refusal({ n }).code).toBe('cedar_non_integer_number');
      }),
    );
  });
});
