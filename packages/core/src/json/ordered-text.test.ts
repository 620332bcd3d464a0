import { describe, expect, it } from 'vitest';
import { ToolArgumentsValidationError } from '../errors.js';
import { canonicalText } from './canonicalize.js';
import { comparableCanonicalText } from './ordered-text.js';

const ordered = JSON.parse('{"a":[{"c":2,"d":[true,null]}],"b":"x","é":-1.5}');

describe('comparableCanonicalText', () => {
  it('writes the same text as canonicalText, in order or not, with index-like keys or not', () => {
    const values: unknown[] = [
      ordered,
      { b: 1, a: [{ d: 1, c: 2 }] },
      { b: 1, '10': 2, '9': 3 },
      [ordered, 'x', 0],
      { a: { __proto__: 1 } },
      JSON.parse('{"__proto__":{"b":1}}'),
      7,
      'text',
    ];
    for (const v of values) expect(comparableCanonicalText(v).text).toBe(canonicalText(v).text);
  });

  it('an object already in RFC 8785 order is its own JSON.stringify text', () => {
    expect(comparableCanonicalText(ordered)).toEqual({
      text: JSON.stringify(ordered),
      stringifies: true,
    });
    expect(comparableCanonicalText({ b: 1, a: 2 }).stringifies).toBe(false);
  });

  it('refuses what canonicalText refuses, and never invokes an accessor', () => {
    let reads = 0;
    const getter = {
      get a() {
        reads++;
        return 1;
      },
    };
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const refused: unknown[] = [
      getter,
      { a: [getter] },
      { a: undefined },
      { a: Number.NaN },
      { a: -0 },
      { a: new Date(0) },
      cyclic,
      { a: '\ud800' },
      Object.defineProperty({ a: 1 }, 'b', { value: 2, enumerable: false }),
      { toJSON: () => ({ a: 1 }) },
    ];
    for (const v of refused) {
      expect(() => comparableCanonicalText(v)).toThrow(ToolArgumentsValidationError);
    }
    expect(reads).toBe(0);
  });
});
