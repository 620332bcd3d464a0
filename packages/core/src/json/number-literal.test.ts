import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// core cannot depend on @argseal/test-kit (it depends on core); the helper has no imports
import { scalingRatio } from '../../../test-kit/src/scaling.js';
import { rejection } from './__fixtures__/rejection.js';
import { parseStrictJson } from './parse-strict-json.js';

const MAX_SAFE = 2n ** 53n - 1n;

/** Exact rational value of a decimal literal: sign, integer mantissa, power of ten. */
function exact(literal: string): { negative: boolean; mantissa: bigint; exponent: number } {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) throw new Error(`not a literal: ${literal}`);
  const fraction = m[3] ?? '';
  return {
    negative: m[1] === '-',
    mantissa: BigInt(m[2]! + fraction),
    exponent: Number(m[4] ?? 0) - fraction.length,
  };
}

/** a × 10^ea compared with b × 10^eb, exactly. */
function compare(a: bigint, ea: number, b: bigint, eb: number): number {
  const e = Math.min(ea, eb);
  const x = a * 10n ** BigInt(ea - e);
  const y = b * 10n ** BigInt(eb - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** What the decoder must do with `literal`, computed with BigInt arithmetic. */
function oracle(literal: string): string {
  const v = exact(literal);
  const d = Number(literal);
  if (!Number.isFinite(d)) return 'number_overflow';
  if (v.mantissa === 0n) return v.negative ? 'negative_zero' : 'ok';
  if (d === 0) return 'number_underflow';
  if (compare(v.mantissa, v.exponent, MAX_SAFE, 0) <= 0) return 'ok';
  if (/^-?\d+$/.test(literal) || Math.abs(d) < 1e21) return 'unsafe_integer';
  const c = exact(String(Math.abs(d)));
  return compare(v.mantissa, v.exponent, c.mantissa, c.exponent) === 0 ? 'ok' : 'unsafe_integer';
}

function decoded(literal: string): string {
  try {
    const value = parseStrictJson(literal);
    expect(Object.is(value, Number(literal))).toBe(true);
    return 'ok';
  } catch (e) {
    return rejection(() => {
      throw e;
    }).code;
  }
}

const digits = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
    .map((a) => a.join(''));
const literal = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant('0'),
      digits(1, 30).map((s) => `1${s}`),
      digits(0, 3).map((s) => `9${s}`),
    ),
    fc.option(digits(1, 30)),
    fc.option(
      fc.tuple(fc.constantFrom('e', 'E', 'e+', 'e-', 'E-'), fc.integer({ min: 0, max: 420 })),
    ),
  )
  .map(([neg, int, frac, exp]) => {
    const e = exp ? `${exp[0]}${exp[1]}` : '';
    return `${neg ? '-' : ''}${int}${frac === null ? '' : `.${frac}`}${e}`;
  });

describe('number literals: exact, from the decimal text', () => {
  it('agrees with a BigInt oracle on random spellings', () => {
    fc.assert(
      fc.property(literal, (text) => {
        expect(decoded(text)).toBe(oracle(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the oracle around 2^53 in every spelling', () => {
    for (let n = MAX_SAFE - 3n; n <= MAX_SAFE + 3n; n++) {
      const s = n.toString();
      for (const text of [
        s,
        `${s}.0`,
        `${s}.5`,
        `${s[0]}.${s.slice(1)}e15`,
        `${s}0e-1`,
        `-${s}.00`,
      ]) {
        expect(decoded(text), text).toBe(oracle(text));
      }
    }
    expect(decoded('9007199254740991.0')).toBe('ok');
    expect(decoded('9007199254740991.000000000000000001')).toBe('unsafe_integer');
  });

  it('long literals take linear time (digits, zeros, exponent zeros)', async () => {
    const shapes = [
      (n: number) => `1${'0'.repeat(n)}.0`,
      (n: number) => `0.${'0'.repeat(n)}1`,
      (n: number) => `1.${'0'.repeat(n)}1e-5`,
      (n: number) => `1e${'0'.repeat(n)}1`,
    ];
    for (const make of shapes) {
      const ratio = await scalingRatio(
        make,
        (text) => {
          try {
            parseStrictJson(text, { maxLength: Number.POSITIVE_INFINITY });
          } catch {
            // refusals are fine here: only the time is measured
          }
        },
        // about a millisecond for the large size: short enough to run between preemptions on a
        // loaded machine, long enough for any super-linear term to dominate
        { size: 25_000, attempts: 5 },
      );
      expect(ratio).toBeLessThan(9);
    }
  });
});

describe('Unicode noncharacters are accepted (RFC 8785 interoperability)', () => {
  const nonchars = ['\ufdd0', '\ufdef', '\ufffe', '\uffff', '\u{1fffe}', '\u{10ffff}'];

  it.each(nonchars)('U+%s raw and escaped, in keys and values', (ch) => {
    const escaped = [...ch].map((c) => c.codePointAt(0)!);
    expect(escaped).toHaveLength(1);
    const esc = JSON.stringify(ch).replace(/[^\x20-\x7e]/gu, (c) =>
      [...c]
        .flatMap((x) => {
          const cp = x.codePointAt(0)!;
          if (cp < 0x10000) return [cp];
          const v = cp - 0x10000;
          return [0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff)];
        })
        .map((u) => `\\u${u.toString(16).padStart(4, '0')}`)
        .join(''),
    );
    expect(parseStrictJson(`{"${ch}":"${ch}"}`)).toEqual({ [ch]: ch });
    expect(parseStrictJson(esc)).toBe(ch);
  });
});
