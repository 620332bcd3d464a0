import type { JsonValue } from '@argseal/core';
import { canonicalize, createSnapshot, parseStrictJson } from '@argseal/core/data';
import { describe, expect, it } from 'vitest';
// the hash-equivalence corpus of @argseal/policies: raw texts that must (not) be one call
import { DIFFERENT, SAME } from '../../policies/src/__fixtures__/equivalence-corpus.js';
import { CedarPolicyError, toCedarValue } from './index.js';

/** What Cedar can tell apart: sets have no order, so sort them. Refusals by their code. */
function asCedarSees(text: string): string {
  try {
    const mapped = toCedarValue(createSnapshot(parseStrictJson(text)) as JsonValue);
    const normal = (v: unknown): JsonValue => {
      if (Array.isArray(v))
        return v.map(normal).sort((a, b) => (canonicalize(a) < canonicalize(b) ? -1 : 1));
      if (typeof v === 'object' && v !== null) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normal(x)])) as JsonValue;
      }
      return v as JsonValue;
    };
    return canonicalize(normal(mapped));
  } catch (error) {
    if (CedarPolicyError.isInstance(error)) return `refused:${error.code}`;
    throw error;
  }
}

/** Pairs the hash tells apart and Cedar cannot: only array order (the README says so). */
const CEDAR_CANNOT_TELL = new Set(['array order', 'nested array order']);
/** Pairs whose both sides are refused at the boundary (so both calls are denied). */
const BOTH_REFUSED = new Set(['one vs two decimals']);

describe('the @argseal/policies hash corpus through the Cedar mapping', () => {
  it.each(SAME)('one call, one Cedar context: $name', ({ a, b }) => {
    expect(asCedarSees(a)).toBe(asCedarSees(b));
  });

  it.each(DIFFERENT)('two calls: $name', ({ name, a, b }) => {
    const [x, y] = [asCedarSees(a), asCedarSees(b)];
    if (CEDAR_CANNOT_TELL.has(name)) expect(x).toBe(y);
    else if (BOTH_REFUSED.has(name)) {
      const refused = 'refused:cedar_non_integer_number';
      expect([x, y]).toEqual([refused, refused]);
    } else expect(x).not.toBe(y);
  });

  it('null is refused, not confused with a missing field or a string', () => {
    expect(asCedarSees('{"v":null}')).toBe('refused:cedar_null_value');
    expect(asCedarSees('{"v":"null"}')).toBe('{"v":"null"}');
    expect(asCedarSees('{}')).toBe('{}');
  });
});
