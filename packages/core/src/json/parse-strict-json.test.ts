import { describe, expect, it } from 'vitest';
import { ArgsealError, ToolArgumentsValidationError } from '../errors.js';
import { rejection, SECRET } from './__fixtures__/rejection.js';
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_LENGTH,
  type ParseStrictJsonOptions,
  parseStrictJson,
} from './parse-strict-json.js';

interface Row {
  text: string;
  code: string;
  path: string;
  options?: ParseStrictJsonOptions;
  /** Substrings of the payload that the message must not contain (SECRET always). */
  leak?: string[];
}

const S = `"s":"${SECRET}"`;

/** Every decode rejection, with its exact code and JSON Pointer. */
const rows: Row[] = [
  // invalid_json
  { text: '', code: 'invalid_json', path: '' },
  { text: ' \n\t ', code: 'invalid_json', path: '' },
  { text: '{', code: 'invalid_json', path: '' },
  { text: `{${S},"a":1,}`, code: 'invalid_json', path: '' },
  { text: `[${JSON.stringify(SECRET)},]`, code: 'invalid_json', path: '/1' },
  { text: `{${S},"a":tru}`, code: 'invalid_json', path: '/a' },
  { text: "{'a':1}", code: 'invalid_json', path: '' },
  { text: '{"a" 1}', code: 'invalid_json', path: '/a' },
  { text: `{"a":{"b":[1,2 3]},${S}}`, code: 'invalid_json', path: '/a/b' },
  { text: 'NaN', code: 'invalid_json', path: '' },
  { text: '-Infinity', code: 'invalid_json', path: '' },
  { text: '+1', code: 'invalid_json', path: '' },
  { text: '.5', code: 'invalid_json', path: '' },
  { text: '{"n":1.}', code: 'invalid_json', path: '/n' },
  { text: '[1e]', code: 'invalid_json', path: '/0' },
  { text: '"a\u0001b"', code: 'invalid_json', path: '' },
  { text: '{"k":"\\x"}', code: 'invalid_json', path: '/k' },
  { text: '"\\u12G4"', code: 'invalid_json', path: '' },
  { text: `"${SECRET}`, code: 'invalid_json', path: '' },
  { text: '"\\', code: 'invalid_json', path: '' },
  { text: '\ufeff{}', code: 'invalid_json', path: '' },
  { text: 'nul', code: 'invalid_json', path: '' },
  // duplicate_key
  { text: `{"a":1,${S},"a":2}`, code: 'duplicate_key', path: '/a' },
  { text: '{"x":{"y":[{"k":1,"k":2}]}}', code: 'duplicate_key', path: '/x/y/0/k' },
  { text: '{"__proto__":{},"__proto__":[]}', code: 'duplicate_key', path: '/__proto__' },
  { text: '{"a":1,"\\u0061":2}', code: 'duplicate_key', path: '/a' },
  { text: '{"a/b~":1,"a/b~":2}', code: 'duplicate_key', path: '/a~1b~0' },
  { text: '{"":1,"":2}', code: 'duplicate_key', path: '/' },
  // unsafe_integer, both signs
  { text: '9007199254740992', code: 'unsafe_integer', path: '', leak: ['9007199254740992'] },
  { text: '-9007199254740992', code: 'unsafe_integer', path: '', leak: ['9007199254740992'] },
  {
    text: `{"n":[1,9007199254740993],${S}}`,
    code: 'unsafe_integer',
    path: '/n/1',
    leak: ['9007199254740993'],
  },
  {
    text: '{"id":-123456789012345678901234567890}',
    code: 'unsafe_integer',
    path: '/id',
    leak: ['123456789012345678901234567890'],
  },
  // number_overflow
  { text: '1e400', code: 'number_overflow', path: '', leak: ['1e400'] },
  { text: '-1e400', code: 'number_overflow', path: '', leak: ['1e400'] },
  { text: '{"x":[1.8e308]}', code: 'number_overflow', path: '/x/0', leak: ['1.8e308'] },
  { text: '1E+999', code: 'number_overflow', path: '' },
  // negative_zero
  { text: '-0', code: 'negative_zero', path: '' },
  { text: '-0.0', code: 'negative_zero', path: '' },
  { text: '-0e3', code: 'negative_zero', path: '' },
  { text: '[-0E-5]', code: 'negative_zero', path: '/0' },
  { text: `{${S},"z":-0.000e-400}`, code: 'negative_zero', path: '/z' },
  // number_underflow: a nonzero literal that decodes to zero
  { text: '1e-400', code: 'number_underflow', path: '', leak: ['1e-400'] },
  { text: `{${S},"z":-1e-400}`, code: 'number_underflow', path: '/z' },
  { text: '[0.0000001e-330]', code: 'number_underflow', path: '/0' },
  // unsafe_integer in any spelling: an integer value beyond ±(2^53−1)
  { text: '9007199254740993.0', code: 'unsafe_integer', path: '', leak: ['9007199254740993'] },
  { text: '9.007199254740993e15', code: 'unsafe_integer', path: '' },
  { text: '{"n":12345678901234567890.0}', code: 'unsafe_integer', path: '/n' },
  { text: '-9007199254740992.000', code: 'unsafe_integer', path: '' },
  { text: '90071992547409920e-1', code: 'unsafe_integer', path: '' },
  { text: '9007199254740991.5', code: 'unsafe_integer', path: '' },
  { text: '1.5e20', code: 'unsafe_integer', path: '' },
  { text: '1.0000000000000001e30', code: 'unsafe_integer', path: '' },
  // lone_surrogate: raw and escaped, high and low
  { text: `"${SECRET}\ud800"`, code: 'lone_surrogate', path: '' },
  { text: `"a\udc00${SECRET}"`, code: 'lone_surrogate', path: '' },
  { text: '"\ud800', code: 'lone_surrogate', path: '' },
  { text: '"\udc00\ud800"', code: 'lone_surrogate', path: '' },
  { text: `"${SECRET}\\ud800"`, code: 'lone_surrogate', path: '' },
  { text: `"\\udc00${SECRET}"`, code: 'lone_surrogate', path: '' },
  { text: '"\\ud800\\u0041"', code: 'lone_surrogate', path: '' },
  { text: '"\\ud800x"', code: 'lone_surrogate', path: '' },
  { text: '"\\udc00\\ud800"', code: 'lone_surrogate', path: '' },
  { text: '{"\\udbff":1}', code: 'lone_surrogate', path: '' },
  { text: '{"k\udbff":1}', code: 'lone_surrogate', path: '' },
  { text: `{"a":["ok","\\udfff"],${S}}`, code: 'lone_surrogate', path: '/a/1' },
  // trailing_data
  { text: '{} x', code: 'trailing_data', path: '' },
  { text: '1 2', code: 'trailing_data', path: '' },
  { text: '[1]]', code: 'trailing_data', path: '' },
  { text: `"a"${JSON.stringify(SECRET)}`, code: 'trailing_data', path: '' },
  { text: 'nullnull', code: 'trailing_data', path: '' },
  { text: `{${S}}\u00a0`, code: 'trailing_data', path: '' },
  // max_depth_exceeded
  { text: '[[[1]]]', code: 'max_depth_exceeded', path: '/0/0', options: { maxDepth: 2 } },
  { text: '{"a":{"b":{}}}', code: 'max_depth_exceeded', path: '/a/b', options: { maxDepth: 2 } },
  { text: '[{"a":[]}]', code: 'max_depth_exceeded', path: '/0/a', options: { maxDepth: 2 } },
  { text: '[{}]', code: 'max_depth_exceeded', path: '/0', options: { maxDepth: 1 } },
  {
    text: `${'['.repeat(DEFAULT_MAX_DEPTH + 1)}${']'.repeat(DEFAULT_MAX_DEPTH + 1)}`,
    code: 'max_depth_exceeded',
    path: '/0'.repeat(DEFAULT_MAX_DEPTH),
  },
  // max_length_exceeded
  {
    text: `[${JSON.stringify(SECRET)}]`,
    code: 'max_length_exceeded',
    path: '',
    options: { maxLength: 5 },
  },
  { text: ' '.repeat(DEFAULT_MAX_LENGTH + 1), code: 'max_length_exceeded', path: '' },
];

describe('parseStrictJson rejections', () => {
  it.each(rows.map((r) => [JSON.stringify(r.text).slice(0, 60), r] as const))(
    '%s',
    (_label, row) => {
      const err = rejection(() => parseStrictJson(row.text, row.options));
      expect({ stage: err.stage, code: err.code, path: err.path }).toEqual({
        stage: 'decode',
        code: row.code,
        path: row.path,
      });
      expect(err).toBeInstanceOf(ArgsealError);
      expect(err.tool).toBeUndefined();
      expect(err.message).toBe(`decode/${row.code} at ${row.path === '' ? '(root)' : row.path}`);
      for (const leaked of [SECRET, ...(row.leak ?? [])]) expect(err.message).not.toContain(leaked);
    },
  );

  it.each([[42], [null], [undefined], [new String('{}')], [{ toString: () => '{}' }]])(
    'invalid_input for a non-string (%s)',
    (input) => {
      const err = rejection(() => parseStrictJson(input as unknown as string));
      expect([err.stage, err.code, err.path]).toEqual(['decode', 'invalid_input', '']);
    },
  );

  it('attributes errors to options.tool', () => {
    const err = rejection(() => parseStrictJson('{"a":1,"a":2}', { tool: 'refund' }));
    expect(err.tool).toBe('refund');
    expect(err.message).toBe('tool "refund": decode/duplicate_key at /a');
  });
});

describe('parseStrictJson accepts', () => {
  it('the limits exactly', () => {
    expect(parseStrictJson('[1,2]', { maxLength: 5 })).toEqual([1, 2]);
    const deep = `${'['.repeat(DEFAULT_MAX_DEPTH)}${']'.repeat(DEFAULT_MAX_DEPTH)}`;
    expect(() => parseStrictJson(deep)).not.toThrow();
    expect(parseStrictJson('[[1]]', { maxDepth: 2 })).toEqual([[1]]);
    expect(parseStrictJson('1', { maxDepth: 0 })).toBe(1);
  });

  it('safe integers, ordinary doubles, zeros and subnormals', () => {
    expect(parseStrictJson('9007199254740991')).toBe(9007199254740991);
    expect(parseStrictJson('-9007199254740991')).toBe(-9007199254740991);
    expect(parseStrictJson('1.7976931348623157e308')).toBe(Number.MAX_VALUE);
    expect(parseStrictJson('[0, 0.0, 1E2, 2e-3, -1.5]')).toEqual([0, 0, 100, 0.002, -1.5]);
    expect(Object.is(parseStrictJson('0.000e-400'), 0)).toBe(true);
    expect(Object.is(parseStrictJson('0'), 0)).toBe(true);
    expect(parseStrictJson('5e-324')).toBe(Number.MIN_VALUE);
    expect(parseStrictJson('9007199254740991.0')).toBe(9007199254740991);
    expect(parseStrictJson('9.007199254740991e15')).toBe(9007199254740991);
    expect(parseStrictJson('9007199254740990.5')).toBe(9007199254740990);
  });

  it('large values whose RFC 8785 text is exactly the literal (1E30, as in RFC 8785 itself)', () => {
    expect(parseStrictJson('1E30')).toBe(1e30);
    expect(parseStrictJson('[-1.5e300, 1.2345678901234567e+30]')).toEqual([
      -1.5e300, 1.2345678901234567e30,
    ]);
    expect(parseStrictJson('1000000000000000000000.0')).toBe(1e21);
  });

  it('all escapes and surrogate pairs (raw and escaped)', () => {
    expect(parseStrictJson('"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9"')).toBe('"\\/\b\f\n\r\tAé');
    expect(parseStrictJson('"\\ud83d\\ude00"')).toBe('😀');
    expect(parseStrictJson('"x😀y\\n😀"')).toBe('x😀y\n😀');
    expect(parseStrictJson('{"😀":"\\uD83D\\uDE00"}')).toEqual({ '😀': '😀' });
  });

  it('JSON whitespace around and between tokens', () => {
    expect(parseStrictJson(' \t\r\n{ "a" : [ 1 , true , null ] }\n')).toEqual({
      a: [1, true, null],
    });
  });

  it('returns plain objects and arrays', () => {
    const v = parseStrictJson('{"a":{"b":[{}]}}') as { a: { b: object[] } };
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(v.a)).toBe(Object.prototype);
    expect(Array.isArray(v.a.b) && Object.getPrototypeOf(v.a.b) === Array.prototype).toBe(true);
  });
});

describe('parseStrictJson: __proto__, constructor, prototype are data', () => {
  const text =
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"prototype":[1]}';

  it('keeps them as own enumerable data properties, never sets a prototype', () => {
    const v = parseStrictJson(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'constructor', 'prototype']);
    const proto = Object.getOwnPropertyDescriptor(v, '__proto__');
    expect(proto).toMatchObject({ enumerable: true, writable: true, configurable: true });
    expect(proto?.value).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(proto?.value)).toBe(Object.prototype);
    expect(v.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(v, 'constructor')).toBe(true);
    expect(v.constructor).toEqual({ prototype: { x: 1 } });
  });

  it('agrees with JSON.parse', () => {
    expect(parseStrictJson(text)).toEqual(JSON.parse(text));
    expect(Object.keys(JSON.parse(text))).toEqual(['__proto__', 'constructor', 'prototype']);
  });

  it('errors are ToolArgumentsValidationError instances', () => {
    const err = rejection(() => parseStrictJson('{"__proto__":1,"__proto__":2}'));
    expect(ToolArgumentsValidationError.isInstance(err)).toBe(true);
  });
});
