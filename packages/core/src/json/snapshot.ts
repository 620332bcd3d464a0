import { DEFAULT_MAX_DEPTH } from './parse-strict-json.js';
import {
  checkArrayShape,
  checkPrimitive,
  DomainFault,
  dataValue,
  depthLimit,
  enterObject,
  leaveObject,
  rethrowAt,
  type StrictDomainOptions,
  setDataProperty,
  sortedRecordKeys,
  WalkState,
} from './strict-domain.js';
import type { JsonValue, ReadonlyJsonValue } from './types.js';

/** Snapshots argseal created itself: deep-frozen, keys inserted in RFC 8785 order. */
const trusted = new WeakSet<object>();
/** Trusted snapshots with no array-index-like keys: `JSON.stringify` is their JCS text. */
const stringifyOrdered = new WeakSet<object>();

/** Options of {@link createSnapshot}: depth limit, tool name and stage reported on errors. */
export type CreateSnapshotOptions = StrictDomainOptions;

/**
 * Validates `value` against the strict domain and returns a detached, deep-frozen copy
 * with keys in RFC 8785 order. Never invokes accessors or `toJSON`; cycles, repeated
 * references and depth past the limit are errors, never crashes.
 *
 * @throws {ToolArgumentsValidationError} stage `snapshot` (or `options.stage`).
 */
export function createSnapshot(value: unknown, options?: CreateSnapshotOptions): ReadonlyJsonValue {
  const { copy, hasIndexKeys } = sortedCopy(value, options, true);
  if (typeof copy === 'object' && copy !== null) {
    trusted.add(copy);
    if (!hasIndexKeys) stringifyOrdered.add(copy);
  }
  return copy;
}

/**
 * @internal Validates and copies `value` with keys inserted in RFC 8785 order.
 * `hasIndexKeys` tells whether `JSON.stringify` of the copy would reorder keys;
 * `reordered`, whether some record of `value` enumerates its keys in another order.
 */
export function sortedCopy(
  value: unknown,
  options: StrictDomainOptions | undefined,
  freeze: boolean,
): { copy: JsonValue; hasIndexKeys: boolean; reordered: boolean } {
  const st = new WalkState(
    depthLimit(options?.maxDepth, DEFAULT_MAX_DEPTH),
    options?.isProxy,
    freeze,
  );
  try {
    const copy = copyValue(value, 0, st);
    return { copy, hasIndexKeys: st.hasIndexKeys, reordered: st.reordered };
  } catch (e) {
    if (e instanceof DomainFault) throw e.toError(options?.stage ?? 'snapshot', options?.tool);
    throw e;
  }
}

/** True when `value` is a snapshot root returned by {@link createSnapshot}. */
export function isSnapshot(value: unknown): boolean {
  return typeof value === 'object' && value !== null && trusted.has(value);
}

/** @internal 0 = untrusted, 1 = trusted snapshot, 2 = trusted and `JSON.stringify`-ordered. */
export function snapshotKind(value: object): 0 | 1 | 2 {
  if (!trusted.has(value)) return 0;
  return stringifyOrdered.has(value) ? 2 : 1;
}

function copyValue(v: unknown, depth: number, st: WalkState): JsonValue {
  if (checkPrimitive(v)) return v as JsonValue;
  const o = v as object;
  let out: JsonValue;
  if (enterObject(o, depth + 1, st)) {
    const a = o as unknown[];
    checkArrayShape(a);
    const arr = new Array<JsonValue>(a.length);
    for (let i = 0; i < a.length; i++) {
      try {
        arr[i] = copyValue(dataValue(a, i), depth + 1, st);
      } catch (e) {
        rethrowAt(e, i);
      }
    }
    out = arr;
  } else {
    const keys = sortedRecordKeys(o, st);
    const rec: Record<string, JsonValue> = {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      try {
        const child = copyValue(dataValue(o, k), depth + 1, st);
        setDataProperty(rec, k, child);
      } catch (e) {
        rethrowAt(e, k);
      }
    }
    out = rec;
  }
  leaveObject(st);
  if (st.freeze) Object.freeze(out);
  return out;
}
