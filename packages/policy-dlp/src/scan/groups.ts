import type { Segment } from './segments.js';

function push<K>(map: Map<K, number[]>, key: K, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

function same(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The groups of string values a secret detector reads glued together, so that a secret
 * cut into pieces reads whole. Each value is in at most five groups, so the glued text
 * is at most five times the call's:
 * - siblings: the values of one object or array (`{"part1": ..., "part2": ...}`);
 * - cousins: the values of the objects or arrays one container holds
 *   (`{"a": {"x": ...}, "b": {"y": ...}}`, `[{"k": ...}, {"k": ...}]`);
 * - columns: the same, one member name (or index) at a time, so that other fields do not
 *   come between the pieces (`[{"n": 1, "chunk": ...}, {"n": 2, "chunk": ...}]`);
 * - depths: the values at one depth, in order (`{"a": {"b": {"x": ...}}, "c": {"d":
 *   {"y": ...}}}`, whatever values of other depths come between);
 * - the document: every value in order.
 * Groups of one value, and a group equal to an earlier one, are left out.
 */
export function glueGroups(segments: readonly Segment[], parents: readonly number[]): number[][] {
  const siblings = new Map<number, number[]>();
  const cousins = new Map<number, number[]>();
  const columns = new Map<number, Map<string | number, number[]>>();
  const depths = new Map<number, number[]>();
  const all: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.location !== 'value') continue;
    all.push(i);
    push(depths, s.path.length, i);
    push(siblings, s.container, i);
    const grand = s.container < 0 ? -1 : parents[s.container]!;
    if (grand < 0) continue;
    push(cousins, grand, i);
    let byName = columns.get(grand);
    if (!byName) {
      byName = new Map();
      columns.set(grand, byName);
    }
    push(byName, s.path[s.path.length - 1]!, i);
  }
  // a group equal to an earlier one has the same length, first and last member
  const seen = new Map<string, number[][]>();
  const out: number[][] = [];
  const add = (group: number[]) => {
    if (group.length < 2) return;
    const key = `${group.length}:${group[0]}:${group[group.length - 1]}`;
    const earlier = seen.get(key);
    if (earlier?.some((e) => same(e, group))) return;
    if (earlier) earlier.push(group);
    else seen.set(key, [group]);
    out.push(group);
  };
  for (const g of siblings.values()) add(g);
  for (const byName of columns.values()) for (const g of byName.values()) add(g);
  for (const g of cousins.values()) add(g);
  for (const g of depths.values()) add(g);
  add(all);
  return out;
}
