import { canonicalize } from '@argseal/core';

/**
 * RFC 8785 text of a decoded value, or `undefined` when it is outside the strict
 * domain (such a value is then prepared from scratch and rejected there, with a
 * proper stage and code).
 */
export function canonicalOf(value: unknown): string | undefined {
  try {
    return canonicalize(value as never);
  } catch {
    return undefined;
  }
}
