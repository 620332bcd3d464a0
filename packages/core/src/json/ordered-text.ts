import { canonicalText } from './canonicalize.js';
import { DEFAULT_MAX_DEPTH } from './parse-strict-json.js';
import {
  checkArrayShape,
  checkPrimitive,
  dataValue,
  enterObject,
  leaveObject,
  prototypesCarryToJSON,
  sortedRecordKeys,
  WalkState,
} from './strict-domain.js';

/** Thrown out of the walk as soon as a record's keys are not in RFC 8785 order. */
const OUT_OF_ORDER: unique symbol = Symbol('out of order');

/**
 * Validates `v` against the strict domain (the rules and codes of `createSnapshot`:
 * accessors are never invoked) without copying it. Throws `OUT_OF_ORDER` as soon as a
 * record enumerates its keys in another order than RFC 8785's or has array-index-like keys.
 */
function checkOrdered(v: unknown, depth: number, st: WalkState): void {
  if (checkPrimitive(v)) return;
  const o = v as object;
  if (enterObject(o, depth + 1, st)) {
    const a = o as unknown[];
    checkArrayShape(a);
    for (let i = 0; i < a.length; i++) checkOrdered(dataValue(a, i), depth + 1, st);
  } else {
    const keys = sortedRecordKeys(o, st);
    if (st.reordered || st.hasIndexKeys) throw OUT_OF_ORDER;
    for (let i = 0; i < keys.length; i++)
      checkOrdered(dataValue(o, keys[i] as string), depth + 1, st);
  }
  leaveObject(st);
}

/**
 * @internal {@link canonicalText} of an untrusted value for comparisons (the handover
 * ledger): the same text, or a throw where it throws (error codes and paths may differ:
 * callers only compare or discard). A value whose records already enumerate their keys in
 * RFC 8785 order (a framework's `JSON.parse` of canonical text) is validated in one pass
 * without a copy and written by native `JSON.stringify` itself; anything else, and any
 * value the validating pass refuses, goes through `canonicalText`.
 */
export function comparableCanonicalText(value: unknown): { text: string; stringifies: boolean } {
  if (typeof value === 'object' && value !== null && !prototypesCarryToJSON()) {
    const st = new WalkState(DEFAULT_MAX_DEPTH, undefined, false);
    let ordered = false;
    try {
      checkOrdered(value, 0, st);
      ordered = true;
    } catch {
      // out of order or refused: canonicalText copies, or throws with the proper code
    }
    // nothing ran between the check and the write: only own data properties of plain
    // records and arrays were read, so the engine writes exactly the values just checked
    // (a Proxy, which core cannot tell apart, may answer the write differently: the text
    // is then still only compared with texts argseal wrote, never trusted as a value)
    if (ordered) return { text: JSON.stringify(value), stringifies: true };
  }
  return canonicalText(value);
}
