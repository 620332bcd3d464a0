import { MappedBuilder, type MappedText } from './mapped-text.js';

const SPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * For a string that holds a JSON object or array, the contents of its string values
 * (not its keys) glued together in order, mapped to the string: a secret cut into pieces
 * inside a JSON document sent as text (`"[\"ghp_A1b2\",\"C3d4...\"]"`) reads whole, as
 * split secrets do in the arguments themselves. Undefined for other text, or fewer than
 * two values. Lenient (a cut-off document is read as far as it goes) and linear: one
 * forward pass.
 */
export function jsonStringValues(text: string): MappedText | undefined {
  let i = 0;
  while (i < text.length && SPACE.has(text[i]!)) i++;
  if (text[i] === '"') i++; // a JSON string literal holding the document
  if (text[i] !== '{' && text[i] !== '[') return undefined;
  const out = new MappedBuilder();
  let values = 0;
  while (i < text.length) {
    const open = text.indexOf('"', i);
    if (open < 0) break;
    let close = open + 1;
    while (close < text.length && text[close] !== '"') close += text[close] === '\\' ? 2 : 1;
    if (close >= text.length) break;
    let next = close + 1;
    while (next < text.length && SPACE.has(text[next]!)) next++;
    if (text[next] !== ':') {
      for (let k = open + 1; k < close; k++) out.emit(text[k]!, k, k + 1);
      values++;
    }
    i = close + 1;
  }
  return values >= 2 ? out.done() : undefined;
}
