import { ArgsealError } from '../errors.js';
import { snapshotKind, sortedCopy } from './snapshot.js';
import { prototypesCarryToJSON, type StrictDomainOptions, sortKeys } from './strict-domain.js';
import type { JsonValue } from './types.js';

/** Options of {@link canonicalize}: depth limit, tool name and stage reported on errors. */
export type CanonicalizeOptions = StrictDomainOptions;

/**
 * RFC 8785 (JCS) text of a strict-domain value. Untrusted values are validated in the
 * same pass (same rules and codes as {@link createSnapshot}); snapshots created by
 * argseal take a trusted fast path.
 *
 * @throws {ToolArgumentsValidationError} stage `snapshot` (or `options.stage`).
 */
export function canonicalize(value: unknown, options?: CanonicalizeOptions): string {
  if (typeof value === 'object' && value !== null) {
    const kind = snapshotKind(value);
    if (kind === 2 && !prototypesCarryToJSON()) return JSON.stringify(value);
    if (kind !== 0) return serializeTrusted(value as JsonValue);
  }
  // One validating pass builds a private copy with keys in RFC 8785 order; the engine's
  // native JSON.stringify then writes it (identical to JCS for strict-domain values
  // without array-index-like keys, which JS objects would enumerate first).
  const { copy, hasIndexKeys } = sortedCopy(value, options, false);
  return hasIndexKeys || prototypesCarryToJSON() ? serializeTrusted(copy) : JSON.stringify(copy);
}

/**
 * @internal Serializer for values argseal built itself and nobody else has touched yet
 * (deep-frozen snapshots, the fresh output of parseStrictJson): sorts keys, no validation.
 */
export function serializeTrusted(v: JsonValue): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out += ',';
      out += serializeTrusted(v[i] as JsonValue);
    }
    return `${out}]`;
  }
  const keys = sortKeys(Object.keys(v));
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (i > 0) out += ',';
    out += `${JSON.stringify(k)}:${serializeTrusted(v[k] as JsonValue)}`;
  }
  return `${out}}`;
}

/**
 * A fresh, alias-free value decoded from canonical JSON text. Every call returns new
 * objects that share nothing with any other value.
 */
export function decodeCanonical(json: string): JsonValue {
  try {
    return JSON.parse(json) as JsonValue;
  } catch {
    // no `cause`: engine messages quote the start of the text, i.e. argument bytes
    throw new ArgsealError('invalid_canonical_json', 'decodeCanonical: text is not valid JSON');
  }
}
