/**
 * Characters that could break the one-line error format or fool a human reader of a
 * terminal: C0/C1 controls, DEL, line/paragraph separators, bidi controls and lone
 * surrogates. The backslash is included so that the escaping is unambiguous.
 */
const UNSAFE =
  /[\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/gu;

/**
 * Makes text from the user (a JSON Pointer into their input, a file name, an unknown
 * option) safe to print on one terminal line: `\` becomes `\\` and every unsafe code
 * point becomes `\uXXXX`. Text without such characters is returned unchanged.
 */
export function displaySafe(text: string): string {
  return text.replace(UNSAFE, (ch) =>
    ch === '\\' ? '\\\\' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `"text"`, display-safe: for echoing a user-supplied token in a usage error. */
export function quote(text: string): string {
  return `"${displaySafe(text).replace(/"/g, '\\"')}"`;
}

/** How a JSON Pointer is printed: `(root)` for the whole document (`""`), else as is. */
export function displayPointer(pointer: string): string {
  return pointer === '' ? '(root)' : displaySafe(pointer);
}
