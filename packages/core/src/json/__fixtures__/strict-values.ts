import fc from 'fast-check';

/**
 * Independent RFC 8785 serializer for strict-domain values, written from the RFC text:
 * members sorted by UTF-16 code units, primitives as ECMAScript JSON.stringify writes
 * them (RFC 8785 section 3.2.2 defers to it for numbers and strings).
 */
export function referenceJcs(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(referenceJcs).join(',')}]`;
  const keys = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rec = v as Record<string, unknown>;
  return `{${keys
    .map(
      (k) => `${JSON.stringify(k)}:${referenceJcs(Object.getOwnPropertyDescriptor(rec, k)?.value)}`,
    )
    .join(',')}}`;
}

/** Equality in the strict domain: records ignore key order, numbers compare with ===. */
export function strictEqual(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => strictEqual(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const get = (o: object, k: string) => Object.getOwnPropertyDescriptor(o, k)?.value;
  return ka.every((k) => Object.hasOwn(b, k) && strictEqual(get(a, k), get(b, k)));
}

/** Records from entries: `Object.fromEntries` defines `__proto__` as own data. */
const record = (entries: [string, unknown][]) => Object.fromEntries(entries);

const specialKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toJSON',
  '',
  '1',
  '10',
  '9',
  '\u20ac',
  '\ud83d\ude02',
  '\ufb33',
);
const keyArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: 'binary-ascii', maxLength: 4 }),
  specialKeys,
);
const stringArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
);
const numberArb = fc.oneof(
  fc.maxSafeInteger(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (d === 0 ? 0 : d)),
);

/** Any strict-domain value (no -0, no lone surrogates), records with tricky keys. */
export const strictValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    numberArb,
    stringArb,
    tie('array'),
    tie('record'),
  ),
  array: fc.array(tie('value'), { maxLength: 5 }),
  record: fc
    .uniqueArray(fc.tuple(keyArb, tie('value')), { selector: (e) => e[0], maxLength: 6 })
    .map(record),
})).value;

/** Strict values from a tiny domain, so that equal pairs are frequent. */
export const smallStrictValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constantFrom(null, true, false, 0, 1, 1.5, -1, '', 'a', '1'),
    tie('array'),
    tie('record'),
  ),
  array: fc.array(tie('value'), { maxLength: 2 }),
  record: fc
    .uniqueArray(fc.tuple(fc.constantFrom('a', 'b', '1'), tie('value')), {
      selector: (e) => e[0],
      maxLength: 2,
    })
    .map(record),
})).value;

/** A deep copy of `v` with every record's keys inserted in a permuted order. */
export function permuteKeys(v: unknown, rand: () => number): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => permuteKeys(x, rand));
  const entries = Object.keys(v).map(
    (k) =>
      [k, permuteKeys(Object.getOwnPropertyDescriptor(v, k)?.value, rand)] as [string, unknown],
  );
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [entries[i], entries[j]] = [entries[j] as [string, unknown], entries[i] as [string, unknown]];
  }
  return record(entries);
}

/** A small deterministic PRNG (mulberry32) for permutations driven by a fast-check seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every object reachable through own data properties of `v`. */
export function objectsOf(v: unknown, out: object[] = []): object[] {
  if (typeof v !== 'object' || v === null) return out;
  out.push(v);
  for (const k of Object.keys(v)) objectsOf(Object.getOwnPropertyDescriptor(v, k)?.value, out);
  return out;
}
