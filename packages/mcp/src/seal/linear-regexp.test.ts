import { describe, expect, it } from 'vitest';
import { linearRegExp } from './linear-regexp.js';

// ECMA-262 patterns as JSON Schemas write them, and inputs that tell the engines apart
const PATTERNS = [
  '^[a-z]+$',
  '^\\d{3}-\\d{4}$',
  '^.*$',
  '^.+$',
  '^\\S+$',
  '^\\s*x',
  '^[^\\s]+$',
  '^[\\s,]+$',
  '^(?<year>\\d{4})$',
  '^\\u00e9+$',
  '^\\u{1F600}$',
  '[]',
  '^[^]$',
  '^[[:a]+$',
  '^a\\.b$',
  '\\/',
  '^[\\]]$',
  '^\\p{L}+$',
  '^(a+)+$',
  '^[^\\n]*$',
  '^\\w+@\\w+\\.com$',
  '^$',
  'a|b',
  '^[\\-a]$',
  '\\bfoo\\b',
  '^[a-f0-9]{64}$',
];
const INPUTS = [
  'abc',
  '123-4567',
  'a\rb',
  'a\u00a0b',
  'a\u2028b',
  'a\u2029b',
  'a\u000bb',
  'a\tb',
  '  x',
  'x',
  ' , ',
  '2024',
  'éé',
  '😀',
  '',
  '\n',
  ']',
  '[',
  ':',
  '[:a',
  'a.b',
  'axb',
  '/',
  'Ωmega',
  'aaaa',
  'foo@bar.com',
  '-',
  'a foo b',
  '\ufeffx',
  'e'.repeat(64),
];

describe('linearRegExp decides as JavaScript does', () => {
  it.each(PATTERNS)('%s', (pattern) => {
    const js = new RegExp(pattern, 'u');
    const linear = linearRegExp(pattern, 'u');
    for (const input of INPUTS)
      expect([input, linear.test(input)]).toEqual([input, js.test(input)]);
  });

  it('names each pattern apart (ajv keys compiled patterns by toString)', () => {
    expect(String(linearRegExp('^a$', 'u'))).toBe('/^a$/u');
    expect(String(linearRegExp('^b$', 'u'))).not.toBe(String(linearRegExp('^a$', 'u')));
  });

  it('matches a nested quantifier on a long near-miss (linear, no backtracking)', () => {
    expect(linearRegExp('^(a+)+$', 'u').test(`${'a'.repeat(100_000)}b`)).toBe(false);
    expect(linearRegExp('^(a|aa)+$', 'u').test('a'.repeat(100_000))).toBe(true);
  });

  it.each([
    ['a lookahead', '^(?=a)a$'],
    ['a negative lookahead', '^(?!a)b$'],
    ['a backreference', '^(a)\\1$'],
    ['\\S inside a class', '^[\\S,]+$'],
    ['a trailing backslash', 'a\\'],
  ])('refuses %s (no linear-time form): the schema does not compile', (_label, pattern) => {
    expect(() => linearRegExp(pattern, 'u')).toThrow();
  });
});
