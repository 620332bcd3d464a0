import {
  ToolArgumentsValidationError,
  type ValidationErrorCode,
  type ValidationStage,
} from '../errors.js';
import { toJsonPointer } from './json-pointer.js';

/** Options shared by the strict-domain walkers. */
export interface StrictDomainOptions {
  /** Deepest allowed nesting of arrays/objects. Default 64. */
  maxDepth?: number;
  /** Tool name to attribute errors to. */
  tool?: string;
  /** Stage to report errors under. Default `snapshot`. */
  stage?: ValidationStage;
  /**
   * Tells Proxies apart where the runtime can (on Node: `util.types.isProxy`).
   * Core has no `node:` imports, so this is injected.
   */
  isProxy?: (value: object) => boolean;
}

/**
 * A strict-domain violation on its way up the walk. Each frame adds its key on the way
 * out, so the hot path keeps no path stack; the pointer is built only on error.
 */
export class DomainFault {
  readonly tokens: (string | number)[] = [];
  constructor(readonly code: ValidationErrorCode) {}

  at(token: string | number): DomainFault {
    this.tokens.push(token);
    return this;
  }

  toError(stage: ValidationStage, tool: string | undefined): ToolArgumentsValidationError {
    return new ToolArgumentsValidationError({
      stage,
      code: this.code,
      path: toJsonPointer(this.tokens.slice().reverse()),
      tool,
    });
  }
}

/** Adds `token` to a fault passing through a frame; rethrows anything else unchanged. */
export function rethrowAt(e: unknown, token: string | number): never {
  if (e instanceof DomainFault) throw e.at(token);
  throw e;
}

/** Walk state shared by one top-level call. */
export class WalkState {
  /** Every object entered so far (a second visit is a cycle or a repeated reference). */
  readonly seen = new Set<object>();
  /** Objects on the current path, to tell a cycle from a repeated reference. */
  readonly ancestors: object[] = [];
  hasIndexKeys = false;
  /** Some record enumerated its keys in another order than RFC 8785's. */
  reordered = false;
  /**
   * The last few checked key lists (as enumerated, and sorted): records of one shape, such
   * as the items of an array, enumerate equal lists, which then need no second check or sort.
   */
  readonly recentKeys: {
    readonly enumerated: readonly string[];
    readonly sorted: string[];
    readonly reordered: boolean;
  }[] = [];

  constructor(
    readonly maxDepth: number,
    readonly isProxy: ((value: object) => boolean) | undefined,
    readonly freeze = false,
  ) {}
}

const hasIsWellFormed =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` has no lone surrogate. */
export const isWellFormedString: (s: string) => boolean = hasIsWellFormed
  ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
  : (s) => !LONE_SURROGATE.test(s);

/** Checks a primitive (or null). Returns false when `v` is a non-null object. */
export function checkPrimitive(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      if (!isWellFormedString(v)) throw new DomainFault('lone_surrogate');
      return true;
    case 'number':
      if (!Number.isFinite(v)) throw new DomainFault('non_finite_number');
      if (v === 0 && 1 / v < 0) throw new DomainFault('negative_zero');
      return true;
    case 'boolean':
      return true;
    case 'object':
      return v === null;
    case 'undefined':
      throw new DomainFault('undefined_value');
    case 'bigint':
      throw new DomainFault('bigint_value');
    case 'function':
      throw new DomainFault('function_value');
    default:
      throw new DomainFault('symbol_value');
  }
}

/** The code for an object that is neither a plain record nor a plain array. */
function exoticObjectCode(o: object): ValidationErrorCode {
  if (o instanceof Date) return 'date_object';
  if (o instanceof RegExp) return 'regexp_object';
  if (o instanceof Map || o instanceof WeakMap) return 'map_object';
  if (o instanceof Set || o instanceof WeakSet) return 'set_object';
  if (ArrayBuffer.isView(o)) return 'typed_array';
  if (o instanceof ArrayBuffer) return 'array_buffer';
  if (
    o instanceof Number ||
    o instanceof String ||
    o instanceof Boolean ||
    o instanceof Symbol ||
    o instanceof BigInt
  )
    return 'boxed_primitive';
  if (o instanceof Promise) return 'promise_object';
  return 'class_instance';
}

const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;

/** True when `k` is an array-index-like key, which JS objects enumerate before others. */
export function isIndexKey(k: string): boolean {
  const c = k.charCodeAt(0);
  return c >= 48 && c <= 57 && INDEX_KEY.test(k) && Number(k) < 4294967295;
}

/**
 * Enters an object: depth, repeated-reference/cycle, proxy and prototype checks.
 * Returns true for arrays. Pair with {@link leaveObject}.
 */
export function enterObject(o: object, depth: number, st: WalkState): boolean {
  if (depth > st.maxDepth) throw new DomainFault('max_depth_exceeded');
  if (st.seen.has(o)) {
    throw new DomainFault(st.ancestors.includes(o) ? 'cycle' : 'repeated_reference');
  }
  if (st.isProxy?.(o)) throw new DomainFault('proxy_object');
  const proto = Object.getPrototypeOf(o);
  const isArray = Array.isArray(o);
  if (isArray) {
    if (proto !== Array.prototype) throw new DomainFault('class_instance');
  } else if (proto !== Object.prototype && proto !== null) {
    throw new DomainFault(exoticObjectCode(o));
  }
  st.seen.add(o);
  st.ancestors.push(o);
  return isArray;
}

export function leaveObject(st: WalkState): void {
  st.ancestors.pop();
}

/** Own keys of a plain array must be exactly its indexes plus `length`, and no symbols. */
export function checkArrayShape(a: readonly unknown[]): void {
  if (
    Object.getOwnPropertyNames(a).length === a.length + 1 &&
    Object.getOwnPropertySymbols(a).length === 0
  )
    return;
  for (let i = 0; i < a.length; i++) {
    if (!Object.hasOwn(a, i)) throw new DomainFault('sparse_array').at(i);
  }
  if (Object.getOwnPropertySymbols(a).length > 0) throw new DomainFault('symbol_key');
  throw new DomainFault('array_extra_property');
}

/** The value of an own data property; rejects holes, accessors (never invoked) and hidden props. */
export function dataValue(o: object, key: string | number): unknown {
  // the caller's frame adds `key` to the path
  const d = Object.getOwnPropertyDescriptor(o, key);
  if (d === undefined) throw new DomainFault('sparse_array');
  if (!('value' in d)) throw new DomainFault('accessor_property');
  if (!d.enumerable) throw new DomainFault('non_enumerable_property');
  return d.value;
}

/**
 * True when a polluted `Object.prototype` or `Array.prototype` carries a `toJSON`, which
 * native `JSON.stringify` would call. argseal then writes with its own serializer.
 */
export function prototypesCarryToJSON(): boolean {
  return 'toJSON' in Object.prototype || 'toJSON' in Array.prototype;
}

/** Ceiling for `maxDepth`: the walkers recurse, and deeper limits could exhaust the stack. */
export const MAX_DEPTH_CEILING = 1000;

/** The effective depth limit: the default, or the caller's clamped to 1..MAX_DEPTH_CEILING. */
export function depthLimit(maxDepth: number | undefined, fallback: number): number {
  if (maxDepth === undefined || !Number.isFinite(maxDepth)) return fallback;
  return Math.max(1, Math.min(MAX_DEPTH_CEILING, Math.floor(maxDepth)));
}

/**
 * Own keys of a plain record in RFC 8785 order (UTF-16 code units). Rejects symbol keys,
 * non-enumerable properties and keys with lone surrogates.
 */
export function sortedRecordKeys(o: object, st: WalkState): string[] {
  const keys = Object.keys(o);
  const n = keys.length;
  if (Object.getOwnPropertySymbols(o).length > 0) throw new DomainFault('symbol_key');
  if (Object.getOwnPropertyNames(o).length !== n) {
    for (const k of Object.getOwnPropertyNames(o)) {
      if (!Object.prototype.propertyIsEnumerable.call(o, k)) {
        throw new DomainFault('non_enumerable_property').at(k);
      }
    }
  }
  const recent = st.recentKeys;
  for (let r = 0; r < recent.length; r++) {
    const seen = recent[r] as (typeof recent)[number];
    if (sameKeys(seen.enumerated, keys)) {
      if (seen.reordered) st.reordered = true;
      return seen.sorted;
    }
  }
  for (let i = 0; i < n; i++) {
    const k = keys[i] as string;
    if (!isWellFormedString(k)) throw new DomainFault('lone_surrogate').at(k);
    if (!st.hasIndexKeys && isIndexKey(k)) st.hasIndexKeys = true;
  }
  const enumerated = keys.slice();
  const sorted = sortKeys(keys);
  const reordered = !sameKeys(enumerated, sorted);
  if (reordered) st.reordered = true;
  if (recent.length === RECENT_KEY_LISTS) recent.pop();
  recent.unshift({ enumerated, sorted, reordered });
  return sorted;
}

/** Key lists remembered by {@link sortedRecordKeys} within one walk. */
const RECENT_KEY_LISTS = 4;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Sorts keys by UTF-16 code units (JS `<` on strings). Insertion sort for the small key
 * sets of tool arguments, the engine's sort beyond that.
 */
export function sortKeys(keys: string[]): string[] {
  const n = keys.length;
  if (n > 24) return keys.sort();
  for (let i = 1; i < n; i++) {
    const k = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > k) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

/**
 * Sets `key` as an own enumerable data property. `__proto__` is data in JSON: a plain
 * assignment would set the prototype instead, so that one key is defined explicitly.
 */
export function setDataProperty(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    o[key] = value;
  }
}
