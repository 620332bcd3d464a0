import { isWellFormedString } from './strict-domain.js';

/** Below this magnitude a finite nonzero double is a safe integer or a plain fraction. */
const CERTAINLY_SAFE = Number.MAX_SAFE_INTEGER - 2;
/**
 * Fraction zeros from which a literal without a negative exponent may underflow (the
 * smallest double is about 4.9e-324): shorter runs can only decode to nonzero.
 */
const UNDERFLOW_ZEROS = '.'.padEnd(301, '0');

/**
 * @internal Second pass of {@link parseStrictJson}: true when `value`, the result of
 * `JSON.parse(text)`, is exactly what the strict parser returns for `text`, i.e. the text
 * breaks none of the strict rules `JSON.parse` lets through. False means "not proven", and
 * the caller runs the reference parser for the verdict, the code and the path.
 *
 * Duplicate keys: each member has one colon outside strings and adds one own key, and a
 * duplicate adds none, so the value has as many keys as the text has such colons exactly
 * when no key repeats. The colons of the whole text are counted first (a native search);
 * only when strings hold colons too is the text scanned with strings skipped. The walk
 * over the value checks depth, non-finite numbers, `-0` and every magnitude at which an
 * integer may be unsafe; zeros are proven not to be underflows (`1e-400`) by the absence
 * of negative exponents and long fractions. Lone surrogates: raw ones make the text
 * ill-formed; escaped ones are looked for in strings and keys only when the text has a
 * `\u` escape. Linear in the text.
 */
export function agreesWithStrictRules(text: string, value: unknown, maxDepth: number): boolean {
  if (!isWellFormedString(text)) return false;
  const w: Walk = { keys: 0, zero: false, strings: text.indexOf('\\u') !== -1, maxDepth };
  // a polluted Object.prototype would add enumerable keys to the count below
  for (const _ in OBJECT_PROTO) return false;
  if (!checkValue(value, 0, w)) return false;
  let underflowChecked = false;
  if (countColons(text) !== w.keys) {
    const facts = scanOutsideStrings(text);
    if (facts.members !== w.keys) return false;
    if (w.zero && facts.zeroMayUnderflow) return false;
    underflowChecked = true;
  }
  if (!w.zero || underflowChecked) return true;
  // cheap over-approximation first; the exact scan only when it hits
  if (!hasUnderflowShape(text)) return true;
  return !scanOutsideStrings(text).zeroMayUnderflow;
}

const OBJECT_PROTO = Object.prototype;

interface Walk {
  /** Own keys seen in every object. */
  keys: number;
  /** A `+0` was seen. */
  zero: boolean;
  /** Strings and keys need a lone-surrogate check (the text has `\u` escapes). */
  readonly strings: boolean;
  readonly maxDepth: number;
}

function checkValue(v: unknown, depth: number, w: Walk): boolean {
  if (typeof v === 'number') {
    if (v === 0) {
      if (1 / v < 0) return false;
      w.zero = true;
      return true;
    }
    // false for ±Infinity too
    return v < CERTAINLY_SAFE && v > -CERTAINLY_SAFE;
  }
  if (typeof v === 'string') return !w.strings || isWellFormedString(v);
  if (typeof v !== 'object' || v === null) return true;
  if (depth >= w.maxDepth) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!checkValue(v[i], depth + 1, w)) return false;
    return true;
  }
  const o = v as Record<string, unknown>;
  // JSON.parse makes plain objects; their inherited keys were ruled out above
  for (const k in o) {
    w.keys++;
    if (w.strings && !isWellFormedString(k)) return false;
    if (!checkValue(o[k], depth + 1, w)) return false;
  }
  return true;
}

function countColons(t: string): number {
  let m = 0;
  let i = t.indexOf(':');
  while (i !== -1) {
    m++;
    i = t.indexOf(':', i + 1);
  }
  return m;
}

/** Some negative exponent or long run of fraction zeros, inside strings or not. */
function hasUnderflowShape(t: string): boolean {
  return t.indexOf('e-') !== -1 || t.indexOf('E-') !== -1 || t.indexOf(UNDERFLOW_ZEROS) !== -1;
}

/** What the structure of a text (everything outside its strings) shows. */
interface TextFacts {
  /** Object members: colons outside strings. */
  members: number;
  /** A literal that decodes to zero might be nonzero (`1e-400`, `0.000…1`). */
  zeroMayUnderflow: boolean;
}

/** One pass over a text `JSON.parse` accepted, skipping strings by searching for quotes. */
function scanOutsideStrings(t: string): TextFacts {
  let members = 0;
  let zeroMayUnderflow = false;
  const n = t.length;
  let i = 0;
  while (i < n) {
    const c = t.charCodeAt(i);
    if (c === 34) {
      i = closingQuote(t, i) + 1;
    } else if (c === 58) {
      members++;
      i++;
    } else if (c === 45) {
      const p = t.charCodeAt(i - 1);
      if (p === 101 || p === 69) zeroMayUnderflow = true;
      i++;
    } else if (c === 46) {
      let k = i + 1;
      while (t.charCodeAt(k) === 48) k++;
      if (k - i >= UNDERFLOW_ZEROS.length) zeroMayUnderflow = true;
      i = k;
    } else {
      i++;
    }
  }
  return { members, zeroMayUnderflow };
}

/** Index of the quote closing the string that opens at `open` (the text is valid JSON). */
function closingQuote(t: string, open: number): number {
  let j = t.indexOf('"', open + 1);
  while (t.charCodeAt(j - 1) === 92) {
    let k = j - 2;
    while (t.charCodeAt(k) === 92) k--;
    // an even run of backslashes escapes nothing: this quote closes the string
    if ((j - 1 - k) % 2 === 0) return j;
    j = t.indexOf('"', j + 1);
  }
  return j;
}
