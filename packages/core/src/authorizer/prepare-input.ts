import type { ArgumentsProvenance } from './types.js';

/** What `prepare` was given, read without invoking accessors. */
export type ReadInput =
  | { raw: string; provenance: Exclude<ArgumentsProvenance, 'decoded_only'> }
  | { decoded: unknown };

const RAW = new Set(['provider_text', 'checked_transport']);

function ownValues(value: object): Map<string, unknown> | undefined {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  const out = new Map<string, unknown>();
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (typeof key !== 'string' || d === undefined || !('value' in d)) return undefined;
    out.set(key, d.value);
  }
  return out;
}

/**
 * A string is raw provider text. An object with exactly `raw` (string) and `provenance`
 * (`provider_text` / `checked_transport`) is raw text; one with exactly `decoded` and
 * `provenance: 'decoded_only'` is a decoded value; any other value is decoded as is.
 */
export function readPrepareInput(input: unknown): ReadInput {
  if (typeof input === 'string') return { raw: input, provenance: 'provider_text' };
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { decoded: input };
  const own = ownValues(input);
  if (own === undefined || own.size !== 2 || !own.has('provenance')) return { decoded: input };
  const provenance = own.get('provenance');
  const raw = own.get('raw');
  if (typeof raw === 'string' && typeof provenance === 'string' && RAW.has(provenance)) {
    return { raw, provenance: provenance as 'provider_text' | 'checked_transport' };
  }
  if (own.has('decoded') && provenance === 'decoded_only') return { decoded: own.get('decoded') };
  return { decoded: input };
}
