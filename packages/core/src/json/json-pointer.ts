/** Escapes one reference token per RFC 6901 (`~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string | number): string {
  const s = String(token);
  if (s.indexOf('~') === -1 && s.indexOf('/') === -1) return s;
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON Pointer from a stack of keys and indexes. `[]` is the whole document: `""`. */
export function toJsonPointer(tokens: readonly (string | number)[]): string {
  let out = '';
  for (const t of tokens) out += `/${escapePointerToken(t)}`;
  return out;
}

/** Parses a JSON Pointer into its unescaped tokens. Throws on a malformed pointer. */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new TypeError('JSON Pointer must be empty or start with "/"');
  return pointer
    .slice(1)
    .split('/')
    .map((t) => {
      if (/~[^01]|~$/.test(t)) throw new TypeError('JSON Pointer has an invalid escape');
      return t.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}
