import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rejection } from './__fixtures__/rejection.js';
import {
  objectsOf,
  permuteKeys,
  referenceJcs,
  seeded,
  smallStrictValue,
  strictEqual,
  strictValue,
} from './__fixtures__/strict-values.js';
import { canonicalize, canonicalText, decodeCanonical } from './canonicalize.js';
import { parseStrictJson } from './parse-strict-json.js';
import { createSnapshot } from './snapshot.js';

const runs = { numRuns: 300 };
const noLimits = { maxLength: Number.MAX_SAFE_INTEGER };

/** True when JSON.stringify would write an integer literal beyond ±(2^53−1) for `v`. */
function hasUnsafeIntegerLiteral(v: unknown): boolean {
  if (typeof v === 'number')
    return Number.isInteger(v) && !Number.isSafeInteger(v) && Math.abs(v) < 1e21;
  if (typeof v !== 'object' || v === null) return false;
  return Object.keys(v).some((k) =>
    hasUnsafeIntegerLiteral(Object.getOwnPropertyDescriptor(v, k)?.value),
  );
}

describe('canonical text', () => {
  it('round-trips: canonicalize(decodeCanonical(t)) === t', () => {
    fc.assert(
      fc.property(strictValue, (v) => {
        const t = canonicalize(v);
        expect(canonicalize(decodeCanonical(t))).toBe(t);
        expect(canonicalize(createSnapshot(decodeCanonical(t)))).toBe(t);
      }),
      runs,
    );
  });

  it('equals an independent RFC 8785 serializer, for values and their snapshots', () => {
    fc.assert(
      fc.property(strictValue, (v) => {
        const want = referenceJcs(v);
        expect(canonicalize(v)).toBe(want);
        expect(canonicalize(createSnapshot(v))).toBe(want);
      }),
      runs,
    );
  });

  it('is the same for every key insertion order', () => {
    fc.assert(
      fc.property(strictValue, fc.integer(), (v, seed) => {
        const permuted = permuteKeys(v, seeded(seed));
        expect(canonicalize(permuted)).toBe(canonicalize(v));
        expect(canonicalize(createSnapshot(permuted))).toBe(canonicalize(v));
      }),
      runs,
    );
  });

  it('canonicalText says when JSON.stringify of the value writes the canonical text', () => {
    fc.assert(
      fc.property(strictValue, fc.integer(), (v, seed) => {
        for (const value of [v, permuteKeys(v, seeded(seed)), decodeCanonical(canonicalize(v))]) {
          const { text, stringifies } = canonicalText(value);
          expect(text).toBe(canonicalize(v));
          // sound (never true when they differ); conservative only for index-like keys
          if (stringifies) expect(JSON.stringify(value)).toBe(text);
          else if (JSON.stringify(value) === text) expect(JSON.stringify(value)).toMatch(/"\d/);
        }
      }),
      runs,
    );
    expect(canonicalText({ b: 1, a: 2 }).stringifies).toBe(false);
    expect(
      canonicalText([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]).stringifies,
    ).toBe(false);
    expect(
      canonicalText([
        { b: 2, a: 1 },
        { b: 2, a: 1 },
      ]).stringifies,
    ).toBe(false);
    expect(canonicalText({ a: [{ c: 1, d: 2 }], b: 'x' }).stringifies).toBe(true);
    expect(canonicalText({ 1: 'x', a: 2 }).stringifies).toBe(false);
  });

  it('is distinct for distinct values and equal for equal ones (small domain)', () => {
    let equalPairs = 0;
    fc.assert(
      fc.property(smallStrictValue, smallStrictValue, fc.integer(), (a, b0, seed) => {
        const b = permuteKeys(b0, seeded(seed));
        const same = strictEqual(a, b);
        if (same) equalPairs++;
        expect(canonicalize(a) === canonicalize(b)).toBe(same);
      }),
      { numRuns: 1000 },
    );
    expect(equalPairs).toBeGreaterThan(0);
  });

  it('is distinct for distinct values (full domain)', () => {
    fc.assert(
      fc.property(strictValue, strictValue, (a, b) => {
        expect(canonicalize(a) === canonicalize(b)).toBe(strictEqual(a, b));
      }),
      runs,
    );
  });
});

describe('parseStrictJson', () => {
  it('agrees with JSON.parse on JSON.stringify of strict values (compact and indented)', () => {
    fc.assert(
      fc.property(strictValue, fc.constantFrom(undefined, 2, '\t'), (v, indent) => {
        fc.pre(!hasUnsafeIntegerLiteral(v));
        const text = JSON.stringify(v, null, indent);
        const strict = parseStrictJson(text, noLimits);
        expect(strictEqual(strict, JSON.parse(text))).toBe(true);
        expect(canonicalize(strict)).toBe(canonicalize(JSON.parse(text)));
      }),
      runs,
    );
  });

  it('refuses exactly the integer literals JSON.parse would round', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (n) => {
        const text = n.toString();
        const safe = n >= -(2n ** 53n - 1n) && n <= 2n ** 53n - 1n;
        if (safe) expect(parseStrictJson(text)).toBe(Number(n));
        else expect(rejection(() => parseStrictJson(text)).code).toBe('unsafe_integer');
      }),
      runs,
    );
  });

  it('reads canonical text of strict values back to an equal value', () => {
    fc.assert(
      fc.property(strictValue, (v) => {
        fc.pre(!hasUnsafeIntegerLiteral(v));
        const t = canonicalize(v);
        expect(strictEqual(parseStrictJson(t, noLimits), v)).toBe(true);
      }),
      runs,
    );
  });
});

describe('createSnapshot', () => {
  it('shares no object with its input, is deep-frozen and equal to it', () => {
    fc.assert(
      fc.property(strictValue, (v) => {
        const snap = createSnapshot(v);
        const inputObjects = new Set(objectsOf(v));
        const snapObjects = objectsOf(snap);
        expect(snapObjects.length).toBe(inputObjects.size);
        for (const o of snapObjects) {
          expect(inputObjects.has(o)).toBe(false);
          expect(Object.isFrozen(o)).toBe(true);
          const proto = Object.getPrototypeOf(o);
          expect(proto === Object.prototype || proto === Array.prototype).toBe(true);
        }
        expect(strictEqual(snap, v)).toBe(true);
      }),
      runs,
    );
  });
});

describe('decodeCanonical', () => {
  it('returns fresh, unfrozen, unshared objects on every call', () => {
    fc.assert(
      fc.property(strictValue, (v) => {
        const t = canonicalize(v);
        const one = decodeCanonical(t);
        const two = decodeCanonical(t);
        const first = new Set(objectsOf(one));
        for (const o of objectsOf(two)) {
          expect(first.has(o)).toBe(false);
          expect(Object.isFrozen(o)).toBe(false);
        }
        expect(strictEqual(one, two)).toBe(true);
      }),
      runs,
    );
  });
});

describe('poisoned values', () => {
  const poisons: [unknown, string][] = [
    [-0, 'negative_zero'],
    [Number.NaN, 'non_finite_number'],
    [undefined, 'undefined_value'],
    ['x\ud800', 'lone_surrogate'],
    [new Date(0), 'date_object'],
  ];

  it('a bad value anywhere is rejected with the pointer to it', () => {
    fc.assert(
      fc.property(strictValue, fc.nat(), fc.constantFrom(...poisons), (v, pick, [poison, code]) => {
        // copy, collect every container with its pointer, and plant the poison in one
        const root = { v: permuteKeys(v, () => 0.999_999) };
        const containers: [object, string][] = [];
        const walk = (o: unknown, at: string) => {
          if (typeof o !== 'object' || o === null) return;
          containers.push([o, at]);
          for (const k of Object.keys(o)) {
            const token = k.replace(/~/g, '~0').replace(/\//g, '~1');
            walk(Object.getOwnPropertyDescriptor(o, k)?.value, `${at}/${token}`);
          }
        };
        walk(root, '');
        const [target, at] = containers[pick % containers.length] as [object, string];
        let path: string;
        if (Array.isArray(target)) {
          path = `${at}/${target.length}`;
          target.push(poison);
        } else {
          path = `${at}/~0poison`;
          Object.defineProperty(target, '~poison', {
            value: poison,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        for (const fn of [createSnapshot, canonicalize]) {
          const err = rejection(() => fn(root));
          expect([err.code, err.path]).toEqual([code, path]);
        }
      }),
      runs,
    );
  });
});
