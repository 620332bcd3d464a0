import { readFileSync } from 'node:fs';

/** TEST-ONLY keys (see README.md here): name to PEM or OpenSSH text. */
export const TEST_KEYS: Readonly<Record<string, string>> = JSON.parse(
  readFileSync(new URL('./keys.json', import.meta.url), 'utf8'),
).keys;

/** The private keys, by name. */
export const PRIVATE_KEYS = Object.entries(TEST_KEYS).filter(
  ([name]) => !name.startsWith('public-'),
);
/** Public keys: never reported. */
export const PUBLIC_KEYS = Object.entries(TEST_KEYS).filter(([name]) => name.startsWith('public-'));
