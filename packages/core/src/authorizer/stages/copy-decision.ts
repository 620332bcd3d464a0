/** Not plain data: {@link copyPlain} leaves the value to `structuredClone`. */
const NOT_PLAIN = Symbol('not plain');
/** Nesting {@link copyPlain} copies itself; deeper values go to `structuredClone`. */
const PLAIN_DEPTH = 8;

/**
 * A copy of plain data (dense arrays without extra properties, records of own enumerable
 * string-keyed data properties, primitives), read once, or {@link NOT_PLAIN} for anything
 * else (accessors, symbols, class instances, cycles past the depth): the same copy
 * `structuredClone` makes of such data, without its serialization (a decision's `trace`
 * is copied on every call).
 */
function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > PLAIN_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_PLAIN;
    const n = value.length;
    if (Reflect.ownKeys(value).length !== n + 1) return NOT_PLAIN;
    const out: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const d = Object.getOwnPropertyDescriptor(value, i);
      if (d === undefined || !('value' in d)) return NOT_PLAIN;
      const c = copyPlain(d.value, depth + 1);
      if (c === NOT_PLAIN) return NOT_PLAIN;
      out[i] = c;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (typeof key !== 'string' || d === undefined || !('value' in d) || !d.enumerable)
      return NOT_PLAIN;
    const c = copyPlain(d.value, depth + 1);
    if (c === NOT_PLAIN) return NOT_PLAIN;
    // `__proto__` is data here (as structuredClone copies it), never a prototype
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: c,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = c;
  }
  return out;
}

/**
 * A private copy of a policy's decision, read once: a decision object's getters cannot
 * answer differently later. Plain data (the usual `{ type, reason, trace }`) is copied
 * field by field; anything else goes through `structuredClone`.
 */
export function copyDecision(decision: unknown): unknown {
  const plain = copyPlain(decision, 0);
  return plain === NOT_PLAIN ? structuredClone(decision) : plain;
}
