import { escapePointerToken } from '@argseal/core/data';

/** The placeholder a redaction leaves: detector and salted hash, never the value. */
export function placeholder(detector: string, hash: string): string {
  return `[REDACTED:${detector}:${hash}]`;
}

/** Identity of a path, for lookups (not a pointer: tokens are not escaped). */
export function pathKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

/**
 * The JSON Pointer of `path`, except that object keys which themselves hold a finding
 * are written as their placeholder: a pointer never echoes a secret found in a key.
 */
export function safePointer(
  path: readonly (string | number)[],
  flaggedKeys: ReadonlyMap<string, string>,
): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const token = path[i]!;
    const flagged =
      flaggedKeys.size > 0 && typeof token === 'string'
        ? flaggedKeys.get(pathKey(path.slice(0, i + 1)))
        : undefined;
    out += `/${escapePointerToken(flagged ?? token)}`;
  }
  return out;
}

/** The longest common prefix of several paths. */
export function commonPath(paths: readonly (readonly (string | number)[])[]): (string | number)[] {
  const first = paths[0] ?? [];
  let n = first.length;
  for (const p of paths) {
    let i = 0;
    while (i < n && i < p.length && p[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n);
}
