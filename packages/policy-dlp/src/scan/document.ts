/** Several segments joined into one text, with where each one starts. */
interface JoinedDocument {
  readonly text: string;
  /** Indexes into the segment list, in document order. */
  readonly members: readonly number[];
  readonly starts: readonly number[];
}

/** A stretch of one segment covered by a match. */
export interface Part {
  readonly segment: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Joins segment groups into one text: `inner` between members of a group, `outer`
 * between groups. `[[0, 1, 2]]` with `inner: '\n'` keeps every segment apart;
 * `[[3, 4], [7, 8]]` with `inner: ''` glues siblings so a split secret reads whole.
 */
export function joinSegments(
  texts: readonly string[],
  groups: readonly (readonly number[])[],
  inner: string,
  outer: string,
): JoinedDocument {
  const members: number[] = [];
  const starts: number[] = [];
  let text = '';
  groups.forEach((group, g) => {
    if (g > 0) text += outer;
    group.forEach((m, i) => {
      if (i > 0) text += inner;
      members.push(m);
      starts.push(text.length);
      text += texts[m]!;
    });
  });
  return { text, members, starts };
}

/** The segment stretches a document range covers (separators are skipped). */
export function locate(
  doc: JoinedDocument,
  texts: readonly string[],
  start: number,
  end: number,
): Part[] {
  let lo = 0;
  let hi = doc.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (doc.starts[mid]! <= start) lo = mid;
    else hi = mid - 1;
  }
  const parts: Part[] = [];
  for (let i = lo; i < doc.members.length && doc.starts[i]! < end; i++) {
    const segment = doc.members[i]!;
    const from = Math.max(start - doc.starts[i]!, 0);
    const to = Math.min(end - doc.starts[i]!, texts[segment]!.length);
    if (to > from) parts.push({ segment, start: from, end: to });
  }
  return parts;
}
