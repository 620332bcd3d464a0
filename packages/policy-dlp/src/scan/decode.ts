import { compose, MappedBuilder, type MappedText } from './mapped-text.js';

/**
 * Decoding passes at most: `%2567` is `%67` after one and `g` after two; a JSON string
 * inside a JSON string inside a string needs two for `\\u0067`. Each pass is linear.
 */
const MAX_DECODE_DEPTH = 4;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '0': '\0',
};

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

/** The value of `digits` hex digits at `at`, or -1. */
function hexAt(text: string, at: number, digits: number): number {
  if (at + digits > text.length) return -1;
  let v = 0;
  for (let i = 0; i < digits; i++) {
    const d = hexValue(text.charCodeAt(at + i));
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes of a UTF-8 sequence starting with `lead`, or 0 for a byte that cannot lead one. */
function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** At `at`, `%XX` UTF-8 sequence: the decoded text and the source length, or undefined. */
function percentAt(text: string, at: number): [string, number] | undefined {
  const lead = hexAt(text, at + 1, 2);
  if (lead < 0) return undefined;
  const n = utf8Length(lead);
  if (n === 0) return undefined;
  const bytes = new Uint8Array(n);
  bytes[0] = lead;
  for (let k = 1; k < n; k++) {
    const p = at + 3 * k;
    if (text[p] !== '%') return undefined;
    const b = hexAt(text, p + 1, 2);
    if (b < 0) return undefined;
    bytes[k] = b;
  }
  try {
    return [FATAL_UTF8.decode(bytes), 3 * n];
  } catch {
    return undefined;
  }
}

/** At `at` (a backslash), a JSON or JavaScript string escape: decoded text and length. */
function escapeAt(text: string, at: number): [string, number] | undefined {
  const c = text[at + 1];
  if (c === undefined) return undefined;
  if (c === 'u') {
    if (text[at + 2] === '{') {
      // at most 6 hex digits: look no further, so that a run of `\u{` stays linear
      const close = text.slice(at + 3, at + 10).indexOf('}') + at + 3;
      if (close < at + 4) return undefined;
      const v = hexAt(text, at + 3, close - at - 3);
      return v < 0 || v > 0x10ffff ? undefined : [String.fromCodePoint(v), close - at + 1];
    }
    const v = hexAt(text, at + 2, 4);
    return v < 0 ? undefined : [String.fromCharCode(v), 6];
  }
  if (c === 'x') {
    const v = hexAt(text, at + 2, 2);
    return v < 0 ? undefined : [String.fromCharCode(v), 4];
  }
  const simple = SIMPLE_ESCAPES[c];
  return simple === undefined ? undefined : [simple, 2];
}

/** At `at` (an ampersand), an HTML numeric character reference `&#103;` / `&#x67;`. */
function referenceAt(text: string, at: number): [string, number] | undefined {
  if (text[at + 1] !== '#') return undefined;
  const hex = text[at + 2] === 'x' || text[at + 2] === 'X';
  let i = at + (hex ? 3 : 2);
  let v = 0;
  const first = i;
  while (i < text.length && i - first < 7) {
    const d = hex ? hexValue(text.charCodeAt(i)) : text.charCodeAt(i) - 48;
    if (d < 0 || d > (hex ? 15 : 9)) break;
    v = v * (hex ? 16 : 10) + d;
    i++;
  }
  if (i === first || text[i] !== ';' || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) {
    return undefined;
  }
  return [String.fromCodePoint(v), i + 1 - at];
}

/** One linear decoding pass, or undefined when nothing in `text` decodes. */
function decodeOnce(text: string): MappedText | undefined {
  const out = new MappedBuilder();
  let changed = false;
  let plainFrom = 0;
  const flush = (to: number) => {
    for (let k = plainFrom; k < to; k++) out.emit(text[k]!, k, k + 1);
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    const found =
      c === '\\'
        ? escapeAt(text, i)
        : c === '%'
          ? percentAt(text, i)
          : c === '&'
            ? referenceAt(text, i)
            : undefined;
    if (found === undefined) {
      i++;
      continue;
    }
    flush(i);
    out.emit(found[0], i, i + found[1]);
    i += found[1];
    plainFrom = i;
    changed = true;
  }
  if (!changed) return undefined;
  flush(text.length);
  return out.done();
}

/** Characters that can start an encoding {@link decodeOnce} reads. */
const ENCODED = /[\\%&]/;

/**
 * `text` with JSON and JavaScript string escapes (`\u0067`, `\x67`, `\n`...), percent-encoded
 * UTF-8 (`%67`, `%E2%80%8B`) and HTML numeric references (`&#103;`) decoded, up to
 * {@link MAX_DECODE_DEPTH} times over (a JSON string inside a string, `%2567`), mapped to
 * `text`; undefined when nothing decodes. Linear: a bounded number of linear passes.
 */
export function decodeNested(text: string): MappedText | undefined {
  if (!ENCODED.test(text)) return undefined;
  let mapped: MappedText | undefined;
  for (let depth = 0; depth < MAX_DECODE_DEPTH; depth++) {
    const current = mapped?.text ?? text;
    const next = decodeOnce(current);
    if (next === undefined) break;
    mapped = mapped === undefined ? next : compose(next, mapped);
    if (!ENCODED.test(next.text)) break;
  }
  return mapped;
}
