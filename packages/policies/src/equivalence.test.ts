import { computeProposalHash, type JsonValue } from '@argseal/core';
import { canonicalize, createSnapshot, parseStrictJson } from '@argseal/core/data';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFERENT, SAME } from './__fixtures__/equivalence-corpus.js';

const hashOf = async (text: string) =>
  computeProposalHash({
    agent: 'agent',
    tool: 'tool',
    argsCanonicalJson: canonicalize(parseStrictJson(text)),
  });

describe('equivalence corpus', () => {
  it.each(SAME)('same hash: $name', async ({ a, b }) => {
    expect(canonicalize(parseStrictJson(a))).toBe(canonicalize(parseStrictJson(b)));
    expect(await hashOf(a)).toBe(await hashOf(b));
  });

  it.each(DIFFERENT)('different hash: $name', async ({ a, b }) => {
    expect(canonicalize(parseStrictJson(a))).not.toBe(canonicalize(parseStrictJson(b)));
    expect(await hashOf(a)).not.toBe(await hashOf(b));
  });

  it('the corpus has no duplicated names', () => {
    const names = [...SAME, ...DIFFERENT].map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

/** JSON values in the strict domain (no -0, no lone surrogates). */
const strictJson: fc.Arbitrary<JsonValue> = fc
  .jsonValue({ maxDepth: 4, noUnicodeString: false })
  .map((v) => JSON.parse(JSON.stringify(v)) as JsonValue)
  .filter((v) => {
    try {
      createSnapshot(v);
      parseStrictJson(JSON.stringify(v));
      return true;
    } catch {
      return false;
    }
  });

function shuffleKeys(value: JsonValue, rand: () => number): JsonValue {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, rand));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(() => rand() - 0.5);
  const out: { [k: string]: JsonValue } = {};
  for (const [k, v] of entries) {
    Object.defineProperty(out, k, {
      value: shuffleKeys(v, rand),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

describe('equivalence properties', () => {
  it('key order and whitespace never change the hash', async () => {
    await fc.assert(
      fc.asyncProperty(
        strictJson,
        fc.integer(),
        fc.constantFrom(0, 1, 2, '\t'),
        async (value, seed, indent) => {
          let s = seed;
          const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
          const a = JSON.stringify(value);
          const b = JSON.stringify(shuffleKeys(value, rand), null, indent);
          expect(await hashOf(b)).toBe(await hashOf(a));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('changing a string to its NFD form changes the hash unless it is already NFD', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme' }), async (str) => {
        const a = JSON.stringify({ s: str.normalize('NFC') });
        const b = JSON.stringify({ s: str.normalize('NFD') });
        const same = str.normalize('NFC') === str.normalize('NFD');
        expect((await hashOf(a)) === (await hashOf(b))).toBe(same);
      }),
    );
  });

  it('a number and its string form never hash alike', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (n) => {
        fc.pre(!Object.is(n, -0) && !(Number.isInteger(n) && !Number.isSafeInteger(n)));
        expect(await hashOf(JSON.stringify({ v: n }))).not.toBe(
          await hashOf(JSON.stringify({ v: String(n) })),
        );
      }),
    );
  });
});
