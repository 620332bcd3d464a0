import creditCardType from 'credit-card-type';
import validator from 'validator';
import type { Detector, DetectorMatch } from '../types.js';

/**
 * A run of digit groups joined by up to three separators (`4111 - 1111`): any space
 * (no-break, thin, ideographic...), any dash (hyphen, en dash, minus sign...) or a dot.
 * Separators and digits are disjoint and each repetition ends on a digit: one way to
 * match, linear time. (Full-width and other digits are ASCII in the normalised view.)
 */
const RUN = /[0-9](?:[\p{Zs}\p{Pd}\u2212.]{0,3}[0-9])*/gu;
const MIN_DIGITS = 12;
const MAX_DIGITS = 19;

interface Group {
  readonly start: number;
  readonly end: number;
}

function groupsOf(run: string, offset: number): Group[] {
  const groups: Group[] = [];
  let start = 0;
  for (let i = 0; i <= run.length; i++) {
    const c = run.charCodeAt(i);
    if (i === run.length || c < 48 || c > 57) {
      if (i > start) groups.push({ start: offset + start, end: offset + i });
      start = i + 1;
    }
  }
  return groups;
}

/** Luhn first: it is cheap and rejects nine candidates in ten before the brand lookup. */
function brandOf(digits: string): string | undefined {
  if (!validator.isLuhnNumber(digits)) return undefined;
  return creditCardType(digits).find((t) => t.lengths.includes(digits.length))?.type;
}

/**
 * The `card_number` detector. Within each run of digit groups (`4111 1111 1111 1111`,
 * `ref 12 4111-1111-1111-1111`), every window of whole groups holding 12-19 digits is a
 * card number when its length is one a brand issues (`credit-card-type`'s brand ranges:
 * Visa, Mastercard, Amex, Discover, JCB, UnionPay, Maestro, ...) and it passes the Luhn
 * check (`validator.isLuhnNumber`). Windows never cut a group, so digits inside a longer
 * number are not read as a card; a 16-digit order number that fails Luhn, or matches no
 * brand range, is not reported. At most 19 groups per window start: linear time.
 */
export function cardNumberDetector(): Detector {
  return {
    id: 'card_number',
    kind: 'personal',
    scan(text) {
      const out: DetectorMatch[] = [];
      for (const m of text.matchAll(RUN)) {
        const groups = groupsOf(m[0], m.index);
        for (let g = 0; g < groups.length; g++) {
          let digits = '';
          for (let h = g; h < groups.length; h++) {
            digits += text.slice(groups[h]!.start, groups[h]!.end);
            if (digits.length > MAX_DIGITS) break;
            if (digits.length < MIN_DIGITS) continue;
            const brand = brandOf(digits);
            if (brand === undefined) continue;
            out.push({ start: groups[g]!.start, end: groups[h]!.end, rule: brand });
            g = h;
            break;
          }
        }
      }
      return out;
    },
  };
}
