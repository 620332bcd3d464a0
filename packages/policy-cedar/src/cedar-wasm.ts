import { createRequire } from 'node:module';
import type * as CedarWasm from '@cedar-policy/cedar-wasm/nodejs';

/** The functions of `@cedar-policy/cedar-wasm` this package calls. */
export type Cedar = typeof CedarWasm;

let loaded: Cedar | undefined;

/**
 * Loads Cedar's WASM build once, on first use (not at import: it compiles 4 MB of WASM).
 * The package's `nodejs` entry reads its `.wasm` file next to it and instantiates it
 * synchronously; Node, Bun and Deno all run it, so setup stays synchronous.
 */
export function cedar(): Cedar {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    loaded = require('@cedar-policy/cedar-wasm/nodejs') as Cedar;
  }
  return loaded;
}
