// The default SHA-256 of the runtime-neutral build: Web Crypto. The `node` export
// condition selects a build in which this module is replaced by `hash-default.node.ts`
// (see tsdown.config.ts); both produce identical output.

const encoder = new TextEncoder();
const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, '0'));

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text` through `crypto.subtle` (asynchronous). */
export const defaultSha256: (text: string) => string | Promise<string> = async (text) => {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  const bytes = new Uint8Array(digest);
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i] as number];
  return out;
};
