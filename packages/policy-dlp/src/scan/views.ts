import { decodeNested } from './decode.js';
import { jsonStringValues } from './json-values.js';
import { compose, type MappedText } from './mapped-text.js';
import { normalise } from './normalise.js';
import type { Segment } from './segments.js';

/**
 * One reading of every segment: its text for the detectors, and for the segments where
 * that differs from the original, the map back to it. `changed[i]` is false where the
 * segment reads as in an earlier view (nothing new to scan there).
 */
export interface View {
  readonly texts: readonly string[];
  readonly maps: readonly (MappedText | undefined)[];
  readonly changed: readonly boolean[];
  /** Only secret detectors read it (values glued together, like split secrets). */
  readonly secretsOnly?: boolean;
}

/**
 * The views a call is scanned in: the text as sent; normalised (NFKC, invisible
 * characters removed, digits of every script as ASCII); decoded then normalised
 * (string escapes, percent-encoding and HTML references undone to a bounded depth); and,
 * for a string holding a JSON document (as sent, or once decoded), its string values
 * glued, decoded and normalised. A later view is listed only when some segment reads
 * differently in it.
 */
export function buildViews(segments: readonly Segment[]): View[] {
  const raw = segments.map((s) => s.text);
  const views: View[] = [
    { texts: raw, maps: segments.map(() => undefined), changed: segments.map(() => true) },
  ];
  const normalised = segments.map((s) => normalise(s.text));
  if (normalised.some((m) => m !== undefined)) {
    views.push({
      texts: normalised.map((m, i) => m?.text ?? raw[i]!),
      maps: normalised,
      changed: normalised.map((m) => m !== undefined),
    });
  }
  const decoded = segments.map((s, i): MappedText | undefined => {
    const d = decodeNested(s.text);
    if (d === undefined) return undefined;
    const n = normalise(d.text);
    const full = n === undefined ? d : compose(n, d);
    return full.text === (normalised[i]?.text ?? raw[i]) ? undefined : full;
  });
  if (decoded.some((m) => m !== undefined)) {
    views.push({
      texts: decoded.map((m, i) => m?.text ?? normalised[i]?.text ?? raw[i]!),
      maps: decoded.map((m, i) => m ?? normalised[i]),
      changed: decoded.map((m) => m !== undefined),
    });
  }
  // a JSON document sent as a string: its string values glued, decoded and normalised;
  // like split secrets, for secret detectors only (glued numbers are not a card)
  const nested = segments.map((s, i): MappedText | undefined => {
    const inner = decoded[i] ?? normalised[i];
    const values =
      jsonStringValues(s.text) ??
      (inner === undefined ? undefined : maybeCompose(jsonStringValues(inner.text), inner));
    if (values === undefined) return undefined;
    const d = decodeNested(values.text);
    const read = d === undefined ? values : compose(d, values);
    const n = normalise(read.text);
    return n === undefined ? read : compose(n, read);
  });
  if (nested.some((m) => m !== undefined)) {
    views.push({
      texts: nested.map((m, i) => m?.text ?? raw[i]!),
      maps: nested,
      changed: nested.map((m) => m !== undefined),
      secretsOnly: true,
    });
  }
  return views;
}

function maybeCompose(outer: MappedText | undefined, inner: MappedText): MappedText | undefined {
  return outer === undefined ? undefined : compose(outer, inner);
}
