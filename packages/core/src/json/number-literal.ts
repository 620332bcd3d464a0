/** `9007199254740991` (2^53 − 1): the largest integer every IEEE-754 double consumer reads exactly. */
const MAX_SAFE_DIGITS = String(Number.MAX_SAFE_INTEGER);
/** Below this magnitude the rounded double can only be safe: |literal − double| <= 0.5 there. */
const CERTAINLY_SAFE = Number.MAX_SAFE_INTEGER - 2;
/** Exponents with more digits than this are clamped (the double is then 0 or ±Infinity anyway). */
const MAX_EXPONENT_DIGITS = 15;

/** A decimal literal as significant digits `digits` (no leading/trailing zeros) × 10^`exponent`. */
interface Decimal {
  digits: string;
  exponent: number;
}

/**
 * Why a JSON number literal (already known to be grammatical and to decode to the finite
 * `value`) must be refused, decided exactly from its decimal text in one linear pass:
 * - `negative_zero`: a zero literal with a minus sign (`-0`, `-0.0e5`).
 * - `number_underflow`: a nonzero literal that decodes to zero (`1e-400`, `-1e-400`).
 * - `unsafe_integer`: its value lies beyond ±(2^53 − 1), whatever the spelling
 *   (`9007199254740993.0`, `9.007199254740993e15`), so the double holds another number.
 *   One exception keeps RFC 8785's own example `1E30` readable: a literal with a fraction
 *   or exponent, of magnitude at least 10^21 (where RFC 8785 writes exponent form), whose
 *   canonical text denotes exactly the literal's value. Plain integer digits never pass.
 */
export function numberLiteralFault(
  literal: string,
  value: number,
): 'negative_zero' | 'number_underflow' | 'unsafe_integer' | undefined {
  if (value !== 0 && Math.abs(value) < CERTAINLY_SAFE) return undefined;
  const negative = literal.charCodeAt(0) === 45;
  const decimal = toDecimal(literal, negative ? 1 : 0);
  if (decimal === undefined) return negative ? 'negative_zero' : undefined;
  if (value === 0) return 'number_underflow';
  if (!beyondSafe(decimal)) return undefined;
  const plainInteger = !/[.eE]/.test(literal);
  if (plainInteger || Math.abs(value) < 1e21) return 'unsafe_integer';
  const canonical = toDecimal(String(Math.abs(value)), 0);
  const same = canonical?.digits === decimal.digits && canonical.exponent === decimal.exponent;
  return same ? undefined : 'unsafe_integer';
}

/** Significant digits and exponent of the literal starting at `from`; undefined for zero. */
function toDecimal(text: string, from: number): Decimal | undefined {
  let e = text.length;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 101 || c === 69) {
      e = i;
      break;
    }
  }
  let first = -1;
  let last = -1;
  let digitsAfterLast = 0; // mantissa digits after the last nonzero one
  let fractionDigits = 0;
  let seenDot = false;
  let dot = -1;
  for (let i = from; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      seenDot = true;
      dot = i;
      continue;
    }
    if (seenDot) fractionDigits++;
    if (c !== 48) {
      if (first === -1) first = i;
      last = i;
    }
  }
  if (first === -1) return undefined;
  const digits =
    dot > first && dot < last
      ? text.slice(first, dot) + text.slice(dot + 1, last + 1)
      : text.slice(first, last + 1);
  for (let i = last + 1; i < e; i++) if (text.charCodeAt(i) !== 46) digitsAfterLast++;
  // digits × 10^(exponent − fractionDigits + trailing zeros dropped)
  return { digits, exponent: readExponent(text, e) - fractionDigits + digitsAfterLast };
}

function readExponent(text: string, e: number): number {
  if (e >= text.length) return 0;
  let i = e + 1;
  const sign = text.charCodeAt(i) === 45 ? -1 : 1;
  if (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45) i++;
  while (i < text.length - 1 && text.charCodeAt(i) === 48) i++;
  if (text.length - i > MAX_EXPONENT_DIGITS) return sign * 10 ** MAX_EXPONENT_DIGITS;
  return sign * Number(text.slice(i));
}

/** |digits × 10^exponent| > 2^53 − 1, exactly. */
function beyondSafe({ digits, exponent }: Decimal): boolean {
  const integerDigits = digits.length + exponent;
  if (integerDigits !== MAX_SAFE_DIGITS.length) return integerDigits > MAX_SAFE_DIGITS.length;
  const head = digits.length >= 16 ? digits.slice(0, 16) : digits.padEnd(16, '0');
  if (head !== MAX_SAFE_DIGITS) return head > MAX_SAFE_DIGITS;
  return digits.length > 16; // equal integer part: beyond only with a nonzero fraction
}
