import type { Segment } from './segments.js';

function push(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

/**
 * The groups of string values a secret detector reads glued together, so that a secret
 * cut into pieces reads whole. Each value is in at most four groups, so the glued text
 * is at most four times the call's:
 * - siblings: the values of one object or array (`{"part1": ..., "part2": ...}`);
 * - cousins: the values of the objects or arrays one container holds
 *   (`{"a": {"x": ...}, "b": {"y": ...}}`, `[{"k": ...}, {"k": ...}]`);
 * - columns: the same, one member name (or index) at a time, so that other fields do not
 *   come between the pieces (`[{"n": 1, "chunk": ...}, {"n": 2, "chunk": ...}]`);
 * - the document: every value in order.
 * Groups of one value, and a group equal to an earlier one, are left out.
 */
export function glueGroups(segments: readonly Segment[], parents: readonly number[]): number[][] {
  const siblings = new Map<string, number[]>();
  const cousins = new Map<string, number[]>();
  const columns = new Map<string, number[]>();
  const all: number[] = [];
  segments.forEach((s, i) => {
    if (s.location !== 'value') return;
    all.push(i);
    push(siblings, String(s.container), i);
    const grand = s.container < 0 ? -1 : parents[s.container]!;
    if (grand < 0) return;
    push(cousins, String(grand), i);
    push(columns, JSON.stringify([grand, s.path[s.path.length - 1]]), i);
  });
  const seen = new Set<string>();
  const out: number[][] = [];
  for (const group of [...siblings.values(), ...columns.values(), ...cousins.values(), all]) {
    if (group.length < 2) continue;
    const key = group.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(group);
  }
  return out;
}
