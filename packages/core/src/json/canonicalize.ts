import { ArgsealConfigError } from '../errors.js';
import { snapshotKind, sortedCopy } from './snapshot.js';
import {
  isIndexKey,
  prototypesCarryToJSON,
  type StrictDomainOptions,
  setDataProperty,
  sortKeys,
} from './strict-domain.js';
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
  return canonicalText(value, options).text;
}

/**
 * @internal {@link canonicalize}, and whether `JSON.stringify(value)` writes that same
 * text (`stringifies`: keys already in RFC 8785 order, no array-index-like keys), so a
 * caller can later tell that the value is unchanged by its native `JSON.stringify`.
 */
export function canonicalText(
  value: unknown,
  options?: CanonicalizeOptions,
): { text: string; stringifies: boolean } {
  if (typeof value === 'object' && value !== null) {
    const kind = snapshotKind(value);
    if (kind === 2 && !prototypesCarryToJSON())
      return { text: JSON.stringify(value), stringifies: true };
    if (kind !== 0) return { text: serializeSorted(value as JsonValue), stringifies: false };
  }
  // One validating pass builds a private copy with keys in RFC 8785 order; the engine's
  // native JSON.stringify then writes it (identical to JCS for strict-domain values
  // without array-index-like keys, which JS objects would enumerate first).
  const { copy, hasIndexKeys, reordered } = sortedCopy(value, options, false);
  if (hasIndexKeys || prototypesCarryToJSON())
    return { text: serializeSorted(copy), stringifies: false };
  return { text: JSON.stringify(copy), stringifies: !reordered };
}

/**
 * @internal Canonical text of a value argseal built itself and nobody else has touched
 * yet (deep-frozen snapshots, the fresh output of parseStrictJson): no validation. A copy
 * with keys inserted in RFC 8785 order is written by the engine's native `JSON.stringify`,
 * which is faster than concatenating strings in JavaScript; array-index-like keys (which
 * engines enumerate first) or a polluted `toJSON` fall back to {@link serializeSorted}.
 */
export function serializeTrusted(v: JsonValue): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const flags = { indexKeys: false };
  const copy = sortedPlainCopy(v, flags);
  return flags.indexKeys || prototypesCarryToJSON() ? serializeSorted(v) : JSON.stringify(copy);
}

function sortedPlainCopy(v: JsonValue, flags: { indexKeys: boolean }): JsonValue {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = new Array<JsonValue>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = sortedPlainCopy(v[i] as JsonValue, flags);
    return out;
  }
  const keys = sortKeys(Object.keys(v));
  const out: Record<string, JsonValue> = {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (!flags.indexKeys && isIndexKey(k)) flags.indexKeys = true;
    const child = sortedPlainCopy(v[k] as JsonValue, flags);
    setDataProperty(out, k, child);
  }
  return out;
}

/** Writes RFC 8785 text by hand: keys sorted, primitives via `JSON.stringify`. */
function serializeSorted(v: JsonValue): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out += ',';
      out += serializeSorted(v[i] as JsonValue);
    }
    return `${out}]`;
  }
  const keys = sortKeys(Object.keys(v));
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (i > 0) out += ',';
    out += `${JSON.stringify(k)}:${serializeSorted(v[k] as JsonValue)}`;
  }
  return `${out}}`;
}

/**
 * A fresh, alias-free value decoded from canonical JSON text. Every call returns new
 * objects that share nothing with any other value.
 *
 * @throws {ArgsealConfigError} `invalid_canonical_json` when `json` is not JSON (no cause:
 * engine messages quote the text).
 */
export function decodeCanonical(json: string): JsonValue {
  try {
    return JSON.parse(json) as JsonValue;
  } catch {
    // no `cause`: engine messages quote the start of the text, i.e. argument bytes
    throw new ArgsealConfigError(
      'invalid_canonical_json',
      'decodeCanonical: text is not valid JSON',
    );
  }
}
