// The default SHA-256 of the Node build (export condition `node`): node:crypto's
// synchronous digest, which skips Web Crypto's thread-pool hop. Same output as
// `hash-default.ts` (UTF-8 bytes; lone surrogates become U+FFFD in both).
import * as nodeCrypto from 'node:crypto';

// crypto.hash (one-shot, Node >= 20.12 / 21.7) when present, else createHash
const oneShot = (nodeCrypto as { hash?: (alg: string, data: string, enc: 'hex') => string }).hash;

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text` through node:crypto (synchronous). */
export const defaultSha256: (text: string) => string | Promise<string> =
  typeof oneShot === 'function'
    ? (text) => oneShot('sha256', text, 'hex')
    : (text) => nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex');
