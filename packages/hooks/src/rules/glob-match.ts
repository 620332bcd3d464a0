/** Longest glob pattern matched; a longer one is taken to match anything (closed for guard rails). */
const MAX_PATTERN = 256;

/** `[…]` at `p[i]` against `c`: the index after `]` on a match, -1 on none, undefined when unclosed (a literal `[`). */
function bracket(p: string, i: number, c: string): number | undefined {
  let j = i + 1;
  const negate = p[j] === '!' || p[j] === '^';
  if (negate) j++;
  let matched = false;
  let first = true;
  for (; j < p.length && (p[j] !== ']' || first); j++) {
    first = false;
    let lo = p[j] as string;
    if (lo === '\\' && j + 1 < p.length) lo = p[++j] as string;
    let hi = lo;
    if (p[j + 1] === '-' && j + 2 < p.length && p[j + 2] !== ']') {
      hi = p[j + 2] as string;
      if (hi === '\\' && j + 3 < p.length) hi = p[++j + 2] as string;
      j += 2;
    }
    if (c >= lo && c <= hi) matched = true;
  }
  if (j >= p.length) return undefined; // no closing `]`: a literal `[`
  return matched !== negate ? j + 1 : -1;
}

/**
 * Whether bash's pathname expansion of `pattern` (`*`, `?`, `[…]`, `\`-escapes) could produce
 * `name`. Iterative with one backtrack point for `*` (no regular expressions): time is
 * bounded by the product of the two lengths, and patterns longer than 256 characters match.
 */
export function globMatches(pattern: string, name: string): boolean {
  if (pattern.length > MAX_PATTERN) return true;
  let p = 0;
  let n = 0;
  let starP = -1;
  let starN = 0;
  while (n < name.length) {
    const c = pattern[p];
    const ch = name[n] as string;
    if (c === '*') {
      starP = p++;
      starN = n;
      continue;
    }
    if (c === '?') {
      p++;
      n++;
      continue;
    }
    if (c === '[') {
      const after = bracket(pattern, p, ch);
      if (after === undefined) {
        if (ch === '[') {
          p++;
          n++;
          continue;
        }
      } else if (after >= 0) {
        p = after;
        n++;
        continue;
      }
    } else if (c !== undefined) {
      const lit = c === '\\' && p + 1 < pattern.length ? (pattern[p + 1] as string) : c;
      if (lit === ch) {
        p += c === '\\' && p + 1 < pattern.length ? 2 : 1;
        n++;
        continue;
      }
    }
    if (starP < 0) return false;
    p = starP + 1;
    n = ++starN;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}
