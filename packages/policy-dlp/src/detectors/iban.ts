import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import type { Detector, DetectorMatch } from '../types.js';

/** Country code (any case) and check digits, not glued to a preceding letter or digit. */
const START = /(?<![A-Za-z0-9])[A-Za-z]{2}[0-9]{2}/g;
const ALNUM = /[A-Za-z0-9]/;
/** One separator between groups: any space (no-break too), any dash, a dot. */
const SEPARATOR = /[\p{Zs}\p{Pd}\u2212.]/u;
const SEPARATORS = /[\p{Zs}\p{Pd}\u2212.]/gu;

/** Lengths of the IBAN of each country ibantools knows. */
function ibanLengths(): ReadonlyMap<string, number> {
  const lengths = new Map<string, number>();
  for (const [country, spec] of Object.entries(getCountrySpecifications())) {
    if (typeof spec.chars === 'number' && spec.chars > 0) lengths.set(country, spec.chars);
  }
  return lengths;
}

/**
 * From a country-code start, reads exactly the country's IBAN length of letters and
 * digits, allowing one separator between characters (the printed `DE89 3704 ...` form,
 * and no-break spaces, dashes or dots in its place).
 * Returns the end offset, or -1. Bounded by 2 × 34 characters per start: linear overall.
 */
function readIban(text: string, start: number, chars: number): number {
  let count = 0;
  let i = start;
  while (count < chars && i < text.length) {
    if (ALNUM.test(text[i]!)) {
      count++;
      i++;
    } else if (
      SEPARATOR.test(text[i]!) &&
      count > 0 &&
      i + 1 < text.length &&
      ALNUM.test(text[i + 1]!)
    ) {
      i++;
    } else break;
  }
  if (count !== chars) return -1;
  return i < text.length && ALNUM.test(text[i]!) ? -1 : i;
}

/**
 * The `iban` detector: a country code with check digits, then exactly that country's
 * IBAN length, in any case (`de89 3704 ...` is read as `DE89 3704 ...`), is an IBAN when ibantools validates it (country format and the ISO 7064
 * mod-97 checksum). An IBAN-like string with a wrong checksum is not reported.
 */
export function ibanDetector(): Detector {
  const lengths = ibanLengths();
  return {
    id: 'iban',
    kind: 'personal',
    scan(text) {
      const out: DetectorMatch[] = [];
      for (const m of text.matchAll(START)) {
        const country = m[0].slice(0, 2).toUpperCase();
        const chars = lengths.get(country);
        if (chars === undefined) continue;
        const end = readIban(text, m.index, chars);
        if (end < 0) continue;
        const iban = electronicFormatIBAN(text.slice(m.index, end).replace(SEPARATORS, ''));
        if (iban !== null && isValidIBAN(iban)) {
          out.push({ start: m.index, end, rule: country });
        }
      }
      return out;
    },
  };
}
