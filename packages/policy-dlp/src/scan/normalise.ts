import { hiddenCharacterKind } from '@argseal/core/data';
import { MappedBuilder, type MappedText } from './mapped-text.js';

/** Format characters and default-ignorable code points: no glyph, no width. */
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const DECIMAL_DIGIT = /\p{Nd}/u;
/** Printable ASCII and the whitespace controls: nothing to normalise. */
const PLAIN = /^[\t\n\v\f\r\x20-\x7e]*$/;
const DIGIT_CACHE = new Map<number, string>();

/**
 * The ASCII digit of a decimal digit of any script (`٣`, `３`, `𝟑`). Unicode encodes
 * every decimal digit set as ten consecutive code points from zero, and sets that touch
 * are whole sets, so the value is the distance from the start of the run, modulo ten.
 */
function asciiDigit(cp: number): string {
  let digit = DIGIT_CACHE.get(cp);
  if (digit === undefined) {
    let first = cp;
    while (cp - first < 100 && DECIMAL_DIGIT.test(String.fromCodePoint(first - 1))) first--;
    digit = String((cp - first) % 10);
    if (DIGIT_CACHE.size < 4096) DIGIT_CACHE.set(cp, digit);
  }
  return digit;
}

/** True for a character that is dropped from the view: it shows nothing. */
function dropped(cp: number, ch: string): boolean {
  if (cp === 9 || cp === 10 || cp === 11 || cp === 12 || cp === 13) return false;
  const kind = hiddenCharacterKind(cp);
  return kind !== undefined || IGNORABLE.test(ch);
}

/**
 * The view the detectors read besides the text itself: each character in NFKC
 * (full-width and styled letters and digits, no-break and other spaces become their
 * plain forms), decimal digits of every script as ASCII digits, and characters that show
 * nothing removed (format characters such as U+200B, U+2060, U+FEFF and U+00AD, the
 * other default-ignorable code points, bidi controls, controls other than tab and line
 * breaks, noncharacters). Mapped to `text`; undefined when the view is `text` itself.
 * One pass over the text, a constant amount of work per character.
 */
export function normalise(text: string): MappedText | undefined {
  if (PLAIN.test(text)) return undefined;
  const out = new MappedBuilder();
  let changed = false;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = text.slice(i, i + width);
    let view: string;
    if (cp < 0x7f && cp >= 0x20) view = ch;
    else if (cp === 0x85 || cp === 0x2028 || cp === 0x2029) view = '\n';
    else if (dropped(cp, ch)) view = '';
    else if (cp >= 0x80 && DECIMAL_DIGIT.test(ch)) view = asciiDigit(cp);
    else view = ch.normalize('NFKC');
    if (view !== ch) changed = true;
    if (view !== '') out.emit(view, i, i + width);
    i += width;
  }
  return changed ? out.done() : undefined;
}
