/**
 * Matches a tool name against a pattern where `*` stands for any run of characters
 * (`mcp__github__*`, `*`). The pattern's literal pieces are found left to right with
 * `indexOf` (earliest placement is always safe), so there is no backtracking.
 */
export function matchesToolGlob(pattern: string, name: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === name;
  const head = parts[0] as string;
  const tail = parts[parts.length - 1] as string;
  if (!name.startsWith(head) || name.length < head.length + tail.length) return false;
  let at = head.length;
  const end = name.length - tail.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const piece = parts[i] as string;
    const found = name.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return name.endsWith(tail);
}

/** True when any of the patterns matches. */
export function matchesAnyToolGlob(patterns: readonly string[], name: string): boolean {
  return patterns.some((p) => matchesToolGlob(p, name));
}
