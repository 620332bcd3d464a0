/**
 * A run that could be one phone number: an optional `+` or `(`, a digit, then digits,
 * `()./-`, or a single space before a digit or `(`. Every step has one way to match
 * (the alternatives start with different characters): linear time. ` / `, ` - ` and
 * `, ` end a run, so a list of numbers is several runs.
 */
const RUN = /[+(]?[0-9](?:[0-9()./-]| (?=[0-9(]))*/g;
const MIN_DIGITS = 5;
/** E.164 allows 15 digits; a few more leave room for a trunk prefix or an extension. */
const MAX_DIGITS = 20;
/** Longer runs are digit soup (tables, ids), not a written phone number. */
const MAX_RUN = 40;

/** A stretch of text to hand to the phone matcher. */
interface Window {
  readonly start: number;
  readonly end: number;
}

function digitCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/**
 * The stretches of `text` worth handing to libphonenumber, whose matcher costs far more
 * per character than this pre-scan: runs with 5 to 20 digits and at most 40 characters,
 * each with two characters of context on either side (so `x+49...` is judged as the
 * matcher would). Runs of digit soup longer than that are not phone numbers and are
 * skipped, which bounds the matcher's work to short windows.
 */
export function phoneWindows(text: string): Window[] {
  const out: Window[] = [];
  for (const m of text.matchAll(RUN)) {
    if (m[0].length > MAX_RUN) continue;
    const digits = digitCount(m[0]);
    if (digits < MIN_DIGITS || digits > MAX_DIGITS) continue;
    out.push({
      start: Math.max(0, m.index - 2),
      end: Math.min(text.length, m.index + m[0].length + 2),
    });
  }
  return out;
}
