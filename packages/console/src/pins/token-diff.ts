/** One piece of a diff: kept (`same`), only in the old text (`removed`), only in the new (`added`). */
export interface DiffPart {
  op: 'same' | 'removed' | 'added';
  text: string;
}

/** Largest old×new token product diffed exactly; above it the texts are shown replaced whole. */
const MAX_DIFF_CELLS = 1_000_000;

function merge(parts: DiffPart[], op: DiffPart['op'], text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/**
 * Longest-common-subsequence diff of two token lists (lines or words), after trimming their
 * common prefix and suffix. Bounded: when the middle has more than {@link MAX_DIFF_CELLS}
 * cells it is reported as removed-then-added instead of diffed.
 */
export function diffTokens(a: readonly string[], b: readonly string[]): DiffPart[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  for (let i = 0; i < start; i++) merge(parts, 'same', a[i]!);
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_DIFF_CELLS) {
    for (let i = start; i < endA; i++) merge(parts, 'removed', a[i]!);
    for (let j = start; j < endB; j++) merge(parts, 'added', b[j]!);
  } else {
    // lengths[i][j]: LCS of a[start+i..endA) and b[start+j..endB), row-major in one array
    const width = m + 1;
    const lengths = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i * width + j] =
          a[start + i] === b[start + j]
            ? lengths[(i + 1) * width + j + 1]! + 1
            : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        merge(parts, 'same', a[start + i]!);
        i++;
        j++;
      } else if (
        i < n &&
        (j === m || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)
      ) {
        merge(parts, 'removed', a[start + i]!);
        i++;
      } else {
        merge(parts, 'added', b[start + j]!);
        j++;
      }
    }
  }
  for (let i = endA; i < a.length; i++) merge(parts, 'same', a[i]!);
  return parts;
}

/** Words and the whitespace after them, so joining the tokens gives the text back. */
export function wordTokens(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const space = text[i] === ' ' || text[i] === '\n' || text[i] === '\t';
    const nextSpace = i + 1 < text.length && /[ \n\t]/.test(text[i + 1]!);
    if (space && !nextSpace) {
      out.push(text.slice(at, i + 1));
      at = i + 1;
    }
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** Lines with their line break, so joining the tokens gives the text back. */
export function lineTokens(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') {
      out.push(text.slice(at, i + 1));
      at = i + 1;
    }
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
