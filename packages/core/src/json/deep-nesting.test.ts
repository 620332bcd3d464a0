import { describe, expect, it } from 'vitest';
import { nestedArrays, nestedRecords } from './__fixtures__/domain-rejections.js';
import { rejection } from './__fixtures__/rejection.js';
import { canonicalize } from './canonicalize.js';
import { DEFAULT_MAX_DEPTH, parseStrictJson } from './parse-strict-json.js';
import { createSnapshot } from './snapshot.js';

const N = 100_000;

describe(`nesting ${N.toLocaleString('en')} deep is an error, never a RangeError`, () => {
  it('parseStrictJson: arrays, closed and unclosed', () => {
    for (const text of ['['.repeat(N), `${'['.repeat(N)}${']'.repeat(N)}`]) {
      const err = rejection(() => parseStrictJson(text));
      expect([err.stage, err.code]).toEqual(['decode', 'max_depth_exceeded']);
      expect(err.path).toBe('/0'.repeat(DEFAULT_MAX_DEPTH));
    }
  });

  it('parseStrictJson: records', () => {
    const text = `${'{"a":'.repeat(N)}1${'}'.repeat(N)}`;
    const err = rejection(() => parseStrictJson(text));
    expect([err.code, err.path]).toEqual(['max_depth_exceeded', '/a'.repeat(DEFAULT_MAX_DEPTH)]);
  });

  it.each([
    ['createSnapshot', createSnapshot],
    ['canonicalize', canonicalize],
  ] as const)('%s: arrays and records built iteratively', (_name, fn) => {
    const arrays = rejection(() => fn(nestedArrays(N)));
    expect([arrays.stage, arrays.code, arrays.path]).toEqual([
      'snapshot',
      'max_depth_exceeded',
      '/0'.repeat(DEFAULT_MAX_DEPTH),
    ]);
    const records = rejection(() => fn(nestedRecords(N)));
    expect([records.code, records.path]).toEqual([
      'max_depth_exceeded',
      '/a'.repeat(DEFAULT_MAX_DEPTH),
    ]);
  });

  it.each([1e9, Number.POSITIVE_INFINITY, N, N + 1])(
    'a caller-supplied maxDepth of %d still gives max_depth_exceeded',
    (maxDepth) => {
      const text = `${'['.repeat(N)}${']'.repeat(N)}`;
      const value = nestedArrays(N);
      const options = { maxDepth, maxLength: 10 * N };
      expect(rejection(() => parseStrictJson(text, options)).code).toBe('max_depth_exceeded');
      expect(rejection(() => createSnapshot(value, { maxDepth })).code).toBe('max_depth_exceeded');
      expect(rejection(() => canonicalize(value, { maxDepth })).code).toBe('max_depth_exceeded');
    },
  );

  it('exactly the default depth is accepted by all three', () => {
    const text = `${'['.repeat(DEFAULT_MAX_DEPTH)}${']'.repeat(DEFAULT_MAX_DEPTH)}`;
    const value = parseStrictJson(text);
    expect(canonicalize(createSnapshot(value))).toBe(text);
    expect(canonicalize(nestedRecords(DEFAULT_MAX_DEPTH))).toBe(
      `${'{"a":'.repeat(DEFAULT_MAX_DEPTH - 1)}{}${'}'.repeat(DEFAULT_MAX_DEPTH - 1)}`,
    );
  });
});
