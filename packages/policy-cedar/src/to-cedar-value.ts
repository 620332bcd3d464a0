import type { JsonValue } from '@argseal/core';
import { canonicalize, escapePointerToken } from '@argseal/core/data';
import { CedarPolicyError } from './errors.js';

/** A value in Cedar's JSON value format, as this package produces it (no escapes). */
export type CedarValue = boolean | number | string | CedarValue[] | { [key: string]: CedarValue };

/** Record keys Cedar's JSON format reads as escapes (`{"__entity": …}` would name an entity). */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__entity', '__extn', '__expr']);

function refuse(
  code: ConstructorParameters<typeof CedarPolicyError>[0],
  path: string,
  what: string,
) {
  return new CedarPolicyError(
    code,
    `${what} at ${path === '' ? '(root)' : path} has no exact Cedar value`,
    {
      path,
    },
  );
}

function convert(value: JsonValue, path: string): CedarValue {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value))
      throw refuse('cedar_non_integer_number', path, 'a non-integer number');
    if (!Number.isSafeInteger(value))
      throw refuse('cedar_unsafe_integer', path, 'an integer beyond 2^53-1');
    return value;
  }
  if (value === null) throw refuse('cedar_null_value', path, 'null');
  if (Array.isArray(value)) {
    const seen = new Set<string>();
    return value.map((item, i) => {
      const itemPath = `${path}/${i}`;
      const converted = convert(item, itemPath);
      const key = canonicalize(item);
      if (seen.has(key))
        throw refuse('cedar_duplicate_set_element', itemPath, 'a repeated array element');
      seen.add(key);
      return converted;
    });
  }
  if (typeof value === 'object') {
    const out: { [key: string]: CedarValue } = Object.create(null);
    for (const key of Object.keys(value)) {
      const keyPath = `${path}/${escapePointerToken(key)}`;
      if (RESERVED_KEYS.has(key)) throw refuse('cedar_reserved_key', keyPath, 'a reserved key');
      out[key] = convert((value as { [k: string]: JsonValue })[key]!, keyPath);
    }
    return out;
  }
  throw refuse('cedar_invalid_value', path, 'a value that is not JSON');
}

/**
 * Maps a JSON value to Cedar's value space exactly, or throws {@link CedarPolicyError} with the
 * JSON Pointer `path` of the first value that has no exact counterpart. Never rounds:
 *
 * - string and boolean: themselves; a record: a Cedar record (any key, except `__entity`,
 *   `__extn`, `__expr`, which Cedar's JSON reads as escapes: `cedar_reserved_key`);
 * - a number: a Cedar `Long` when it is an integer within ±(2^53−1); any other integer
 *   (`cedar_unsafe_integer`) or a fraction (`cedar_non_integer_number`) is refused, never
 *   rounded nor turned into a `decimal`;
 * - an array: a Cedar set of its mapped elements. Sets have no order, so a policy cannot see
 *   the order (the proposal hash still binds it); an array with a repeated element is refused
 *   (`cedar_duplicate_set_element`), so the set always has the array's length;
 * - `null`: Cedar has none, refused (`cedar_null_value`); leave optional fields out instead.
 */
export function toCedarValue(value: JsonValue, path = ''): CedarValue {
  return convert(value, path);
}

/** Maps a JSON record to a Cedar record (the shape a request's context needs). */
export function toCedarRecord(
  value: JsonValue,
  path: string,
  what: string,
): { [key: string]: CedarValue } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CedarPolicyError('cedar_invalid_value', `${what} must be a JSON record`, { path });
  }
  return toCedarValue(value, path) as { [key: string]: CedarValue };
}
