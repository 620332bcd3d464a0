import type { JsonValue } from '@argseal/core';
import { escapePointerToken } from '@argseal/core/data';

/** Most leaves listed for one call; the rest stay visible in the canonical JSON. */
const MAX_LEAVES = 200;

/**
 * The scalar leaves (and empty containers) of decoded arguments, keyed by JSON Pointer, in
 * canonical order, at most {@link MAX_LEAVES}. Iterative: deep input cannot overflow the stack.
 */
export function leaves(args: JsonValue): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  const stack: [string, JsonValue][] = [['', args]];
  while (stack.length > 0 && out.size < MAX_LEAVES) {
    const [path, value] = stack.pop()!;
    if (typeof value === 'object' && value !== null) {
      const entries: [string, JsonValue][] = Array.isArray(value)
        ? value.map((v, i) => [`${path}/${i}`, v])
        : Object.keys(value)
            .sort()
            .map((k) => [
              `${path}/${escapePointerToken(k)}`,
              (value as Record<string, JsonValue>)[k]!,
            ]);
      if (entries.length === 0) out.set(path, value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push(entries[i]!);
    } else out.set(path, value);
  }
  return out;
}

/** Pointers whose leaf differs between two argument trees (present in either). */
export function changedPaths(before: JsonValue, after: JsonValue): Set<string> {
  const a = leaves(before);
  const b = leaves(after);
  const out = new Set<string>();
  for (const [path, value] of b) {
    if (!a.has(path) || JSON.stringify(a.get(path)) !== JSON.stringify(value)) out.add(path);
  }
  for (const path of a.keys()) if (!b.has(path)) out.add(path);
  return out;
}
