import { hiddenCharacterKind } from '@argseal/core/data';

const escaped = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;

/**
 * Makes text from the user (a JSON Pointer into their input, a file name, an unknown
 * option) safe to print on one terminal line: `\` becomes `\\`, and every character that
 * could break the one-line format or fool a reader (core's `hiddenCharacterKind`: controls,
 * line separators, bidi controls, invisible characters, noncharacters) and every lone
 * surrogate becomes `\uXXXX` (UTF-16 units). Text without such characters is returned unchanged.
 */
export function displaySafe(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const wide = cp > 0xffff;
    const lone = cp >= 0xd800 && cp <= 0xdfff;
    if (cp === 0x5c || lone || hiddenCharacterKind(cp) !== undefined) {
      out += text.slice(from, i);
      out +=
        cp === 0x5c
          ? '\\\\'
          : wide
            ? escaped(text.charCodeAt(i)) + escaped(text.charCodeAt(i + 1))
            : escaped(cp);
      from = i + (wide ? 2 : 1);
    }
    if (wide) i++;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** `"text"`, display-safe: for echoing a user-supplied token in a usage error. */
export function quote(text: string): string {
  return `"${displaySafe(text).replace(/"/g, '\\"')}"`;
}

/** How a JSON Pointer is printed: `(root)` for the whole document (`""`), else as is. */
export function displayPointer(pointer: string): string {
  return pointer === '' ? '(root)' : displaySafe(pointer);
}
