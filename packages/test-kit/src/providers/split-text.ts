/** Default distance between delta cuts when a call gives no `splitAt`. */
const DEFAULT_STEP = 5;

/**
 * Cut positions inside every `\uXXXX` escape of `text` (after `\u` and two hex digits),
 * so a consumer must reassemble deltas before it can decode the escape.
 */
export function splitInsideEscapes(text: string): number[] {
  const points: number[] = [];
  for (let i = 0; i + 1 < text.length; i++) {
    if (text[i] !== '\\') continue;
    if (text[i + 1] === 'u') points.push(Math.min(i + 4, text.length));
    i++; // skip the escaped character, so `\\u` is not an escape
  }
  return points;
}

/**
 * Default cuts: every few UTF-16 units plus inside every `\u` escape, never between the
 * two halves of a surrogate pair (a real provider sends UTF-8, which cannot split one).
 */
export function defaultSplitPoints(text: string): number[] {
  const points = new Set(splitInsideEscapes(text));
  for (let i = DEFAULT_STEP; i < text.length; i += DEFAULT_STEP) points.add(i);
  return [...points]
    .filter((p) => p > 0 && p < text.length && !isLowSurrogate(text.charCodeAt(p)))
    .sort((a, b) => a - b);
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Cuts `text` at `points` (ascending offsets; out-of-range and repeated ones are ignored). */
export function splitText(text: string, points: readonly number[]): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const point of points) {
    if (point <= start || point >= text.length) continue;
    parts.push(text.slice(start, point));
    start = point;
  }
  parts.push(text.slice(start));
  return parts;
}

/** The deltas one scripted call streams as. */
export function argumentDeltas(text: string, splitAt: readonly number[] | undefined): string[] {
  return splitText(text, splitAt ?? defaultSplitPoints(text));
}
