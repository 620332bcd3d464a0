import { findHiddenCharacters, type HiddenCharacter } from './visible-text.js';

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');

/** The visible marker that replaces a hidden character, e.g. `⟦U+202E⟧`. */
export function markerOf(codePoint: number): string {
  return `⟦U+${hex(codePoint)}⟧`;
}

/** `text` with every hidden character replaced by its marker, and what was found. */
export function reveal(text: string): { text: string; found: HiddenCharacter[] } {
  const found = findHiddenCharacters(text);
  if (found.length === 0) return { text, found };
  let out = '';
  let at = 0;
  for (const f of found) {
    out += text.slice(at, f.index) + markerOf(f.codePoint);
    at = f.index + (f.codePoint > 0xffff ? 2 : 1);
  }
  return { text: out + text.slice(at), found };
}

/**
 * Canonical JSON re-indented without reparsing (key order and numbers stay exact); hidden
 * characters inside strings become `\uXXXX` escapes, the same JSON value, now visible.
 */
export function prettyCanonical(text: string): string {
  let out = '';
  let depth = 0;
  let inString = false;
  const pad = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') {
        out += ch + (text[++i] ?? '');
        continue;
      }
      if (ch === '"') inString = false;
      const cp = text.codePointAt(i)!;
      if (findHiddenCharacters(String.fromCodePoint(cp)).length > 0) {
        out +=
          cp > 0xffff
            ? `\\u${hex(text.charCodeAt(i))}\\u${hex(text.charCodeAt(i + 1))}`
            : `\\u${hex(cp)}`;
        if (cp > 0xffff) i++;
      } else out += ch;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === '{' || ch === '[') {
      const close = ch === '{' ? '}' : ']';
      if (text[i + 1] === close) {
        out += ch + close;
        i++;
      } else {
        depth++;
        out += ch + pad();
      }
    } else if (ch === '}' || ch === ']') {
      depth--;
      out += pad() + ch;
    } else if (ch === ',') out += `,${pad()}`;
    else if (ch === ':') out += ': ';
    else out += ch;
  }
  return out;
}
