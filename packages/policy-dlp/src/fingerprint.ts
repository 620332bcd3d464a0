import { createHmac, randomBytes } from 'node:crypto';
import { DlpError } from './errors.js';

const LETTERS = 'abcdefghijklmnop';
let processSalt: Uint8Array | undefined;

/** Minimum salt length in bytes (UTF-8 for a string salt). */
export const MIN_SALT_BYTES = 16;

/** A random 32-byte salt, drawn once per process on first use. */
function defaultSalt(): Uint8Array {
  if (processSalt === undefined) processSalt = new Uint8Array(randomBytes(32));
  return processSalt;
}

/** Validates and copies a configured salt; `undefined` means the per-process random salt. */
export function compileSalt(salt: unknown): Uint8Array {
  if (salt === undefined) return defaultSalt();
  const bytes =
    typeof salt === 'string'
      ? new TextEncoder().encode(salt)
      : salt instanceof Uint8Array
        ? new Uint8Array(salt)
        : undefined;
  if (bytes === undefined || bytes.length < MIN_SALT_BYTES) {
    throw new DlpError(
      'invalid_salt',
      `createDlp: salt must be a string or Uint8Array of at least ${MIN_SALT_BYTES} bytes`,
    );
  }
  return bytes;
}

/**
 * A short salted hash of a match, as 12 letters `a`-`p` (48 bits). Letters only, so a
 * placeholder never looks like a number, a card or a phone to another detector. Equal
 * matches under one salt hash alike, which lets logs correlate without the value.
 */
export function fingerprint(salt: Uint8Array, detector: string, text: string): string {
  const hex = createHmac('sha256', salt).update(`${detector}\u0000${text}`).digest('hex');
  let out = '';
  for (let i = 0; i < 12; i++) out += LETTERS[Number.parseInt(hex[i]!, 16)];
  return out;
}
