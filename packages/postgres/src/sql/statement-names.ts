/**
 * Names of prepared statements. A name is derived from the statement text (64 bits of
 * FNV-1a), so every runner and every connection agree on it and two texts never share a
 * name in practice; node-postgres refuses a name reused for another text on a
 * connection, which would surface as `store_unavailable`, never as a wrong statement.
 */
const names = new Map<string, string>();

/** Texts named per process at most: the store's statements are a small fixed set. */
const MAX_NAMED = 512;

function fnv1a64(text: string): string {
  // two 32-bit FNV-1a lanes with different offsets; Math.imul keeps the arithmetic 32-bit
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The prepared-statement name of `text`, or undefined past {@link MAX_NAMED} texts. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED) return undefined;
    name = `argseal_${fnv1a64(text)}`;
    names.set(text, name);
  }
  return name;
}
