import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolArgumentsValidationError } from '../errors.js';
import {
  FIXTURE_VECTORS_DIR,
  readNumberLines,
  readVectorPair,
  SHARED_VECTORS_DIR,
  VECTOR_NAMES,
  vectorsDir,
  vectorsPresent,
} from './__fixtures__/jcs-vectors.js';
import { canonicalize, decodeCanonical } from './canonicalize.js';
import { parseStrictJson } from './parse-strict-json.js';
import { createSnapshot } from './snapshot.js';

const utf8 = new TextEncoder();
const bytes = (s: string) => utf8.encode(s);

/** Where two long texts first differ (keeps failure output readable), or undefined. */
function firstDiff(got: string, want: string): string | undefined {
  if (got === want) return undefined;
  let i = 0;
  while (i < got.length && got[i] === want[i]) i++;
  return `at ${i}: got ${JSON.stringify(got.slice(i, i + 60))}, want ${JSON.stringify(want.slice(i, i + 60))}`;
}

describe('RFC 8785 published vectors', () => {
  it('reads the six pairs from ../shared or from the fixture copy', () => {
    const dir = vectorsDir();
    expect([SHARED_VECTORS_DIR, FIXTURE_VECTORS_DIR]).toContain(dir);
    for (const name of VECTOR_NAMES) {
      expect(existsSync(path.join(dir, 'input', `${name}.json`))).toBe(true);
    }
  });

  const shared = vectorsPresent(
    'RFC 8785 fixture-copy check',
    SHARED_VECTORS_DIR,
    'put the published vectors in ../shared/jcs-vectors (the tests read the fixture copy meanwhile)',
  );
  it.skipIf(!shared)('fixture copy is byte-identical to ../shared', () => {
    for (const sub of ['input', 'output', 'outhex']) {
      const names = readdirSync(path.join(SHARED_VECTORS_DIR, sub)).sort();
      expect(readdirSync(path.join(FIXTURE_VECTORS_DIR, sub)).sort()).toEqual(names);
      for (const f of names) {
        const a = readFileSync(path.join(SHARED_VECTORS_DIR, sub, f));
        const b = readFileSync(path.join(FIXTURE_VECTORS_DIR, sub, f));
        expect(b.equals(a), `${sub}/${f}`).toBe(true);
      }
    }
    for (const f of ['README.md', 'numbers.txt']) {
      const a = readFileSync(path.join(SHARED_VECTORS_DIR, f));
      expect(readFileSync(path.join(FIXTURE_VECTORS_DIR, f)).equals(a), f).toBe(true);
    }
  });

  it('the fixture copy alone passes every pair and number line (runs without ../shared)', () => {
    for (const name of VECTOR_NAMES) {
      const pair = readVectorPair(name, FIXTURE_VECTORS_DIR);
      expect(bytes(canonicalize(parseStrictJson(pair.input)))).toEqual(pair.output);
      expect(pair.outhex).toEqual(pair.output);
    }
    const lines = readNumberLines(FIXTURE_VECTORS_DIR);
    expect(lines).toHaveLength(20_000);
    const bad = lines.filter(
      (l) => !(l.value === 0 && 1 / l.value < 0) && canonicalize(l.value) !== l.expected,
    );
    expect(bad).toEqual([]);
  });

  describe.each(VECTOR_NAMES)('%s', (name) => {
    const pair = readVectorPair(name);

    it('output and outhex agree byte for byte', () => {
      expect(pair.output.length).toBeGreaterThan(0);
      expect(pair.outhex).toEqual(pair.output);
    });

    it('strict decode + canonicalize gives the expected bytes', () => {
      const text = canonicalize(parseStrictJson(pair.input));
      expect(bytes(text)).toEqual(pair.output);
      expect(bytes(text)).toEqual(pair.outhex);
    });

    it('canonicalize of a snapshot (trusted path) gives the expected bytes', () => {
      const snap = createSnapshot(parseStrictJson(pair.input));
      expect(bytes(canonicalize(snap))).toEqual(pair.output);
    });

    it('canonicalize of a JSON.parse value (untrusted path) gives the expected bytes', () => {
      expect(bytes(canonicalize(JSON.parse(pair.input)))).toEqual(pair.output);
    });

    it('the expected output is a fixed point', () => {
      const out = new TextDecoder('utf-8', { fatal: true }).decode(pair.output);
      expect(canonicalize(decodeCanonical(out))).toBe(out);
      expect(canonicalize(parseStrictJson(out))).toBe(out);
    });
  });
});

describe('numbers.txt (ES6 number serialization)', () => {
  const lines = readNumberLines();
  const isNegZero = (v: number) => v === 0 && 1 / v < 0;

  it('has 20,000 lines and exactly one -0', () => {
    expect(lines).toHaveLength(20_000);
    expect(lines.filter((l) => isNegZero(l.value)).map((l) => l.hex)).toEqual(['8000000000000000']);
    expect(lines.every((l) => Number.isFinite(l.value))).toBe(true);
  });

  it('canonicalize gives the expected text for every line (-0 is rejected)', () => {
    const mismatches: string[] = [];
    for (const l of lines) {
      if (isNegZero(l.value)) continue;
      const got = canonicalize(l.value);
      if (got !== l.expected) mismatches.push(`line ${l.line} ${l.hex}: ${got} != ${l.expected}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('canonicalize rejects the -0 line with negative_zero', () => {
    const negZero = lines.find((l) => isNegZero(l.value));
    expect(negZero?.expected).toBe('0');
    let err: unknown;
    try {
      canonicalize(negZero?.value);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolArgumentsValidationError);
    expect(err).toMatchObject({ stage: 'snapshot', code: 'negative_zero', path: '' });
  });

  it('every line inside a snapshot array canonicalizes to the joined expected texts', () => {
    const kept = lines.filter((l) => !isNegZero(l.value));
    const expected = `[${kept.map((l) => l.expected).join(',')}]`;
    const values = kept.map((l) => l.value);
    expect(firstDiff(canonicalize(values), expected)).toBeUndefined();
    expect(firstDiff(canonicalize(createSnapshot(values)), expected)).toBeUndefined();
  });

  it('every line as a record member (index-like keys "1".."20000") sorts and serializes', () => {
    const kept = lines.filter((l) => !isNegZero(l.value));
    const record = Object.fromEntries(kept.map((l) => [String(l.line), l.value]));
    const expected = `{${kept
      .map((l) => [String(l.line), l.expected] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `"${k}":${v}`)
      .join(',')}}`;
    expect(firstDiff(canonicalize(record), expected)).toBeUndefined();
    expect(firstDiff(canonicalize(createSnapshot(record)), expected)).toBeUndefined();
  });

  it('parseStrictJson reads every expected text back to the same double, or refuses an unsafe integer literal', () => {
    const bad: string[] = [];
    let unsafe = 0;
    for (const l of lines) {
      if (isNegZero(l.value)) continue;
      const integerLiteral = /^-?\d+$/.test(l.expected);
      if (integerLiteral && !Number.isSafeInteger(l.value)) {
        unsafe++;
        try {
          parseStrictJson(l.expected);
          bad.push(`line ${l.line}: unsafe integer literal accepted`);
        } catch (e) {
          if ((e as ToolArgumentsValidationError).code !== 'unsafe_integer')
            bad.push(`line ${l.line}`);
        }
        continue;
      }
      if (!Object.is(parseStrictJson(l.expected), l.value)) bad.push(`line ${l.line} ${l.hex}`);
    }
    expect(bad).toEqual([]);
    expect(unsafe).toBeGreaterThan(0);
  });
});
