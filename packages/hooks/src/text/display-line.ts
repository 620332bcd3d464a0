/**
 * Text from a proposal (tool name, canonical arguments) made safe for one terminal line:
 * controls, line separators, bidi controls and lone surrogates become `\uXXXX`, and text
 * past `max` characters is cut with `…`.
 */
export function displayLine(text: string, max = 200): string {
  let out = '';
  let n = 0;
  for (const ch of text) {
    if (n++ >= max) return `${out}…`;
    const c = ch.codePointAt(0) as number;
    const unsafe =
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0x2028 ||
      c === 0x2029 ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069) ||
      c === 0x200e ||
      c === 0x200f ||
      c === 0x61c ||
      (c >= 0xd800 && c <= 0xdfff);
    out += unsafe ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}
