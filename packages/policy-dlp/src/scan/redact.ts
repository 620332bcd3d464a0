import type { JsonValue } from '@argseal/core';
import { DlpError } from '../errors.js';
import { placeholder } from './pointers.js';
import type { LocatedFinding } from './scan.js';
import type { Segment } from './segments.js';

interface Span {
  start: number;
  end: number;
  text: string;
}

/** Per segment, the merged stretches to replace and the placeholder each one gets. */
function spansBySegment(findings: readonly LocatedFinding[]): Map<number, Span[]> {
  const map = new Map<number, Span[]>();
  for (const f of findings) {
    const text = placeholder(f.detector, f.hash);
    for (const p of f.parts) {
      const list = map.get(p.segment) ?? [];
      list.push({ start: p.start, end: p.end, text });
      map.set(p.segment, list);
    }
  }
  for (const [segment, list] of map) {
    list.sort((a, b) => a.start - b.start || b.end - a.end);
    const merged: Span[] = [];
    for (const s of list) {
      const last = merged[merged.length - 1];
      if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
      else merged.push({ ...s });
    }
    map.set(segment, merged);
  }
  return map;
}

function replaceSpans(text: string, spans: readonly Span[] | undefined): string {
  if (!spans) return text;
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + text.slice(at);
}

/**
 * A copy of `value` in which every stretch the findings cover is replaced by its
 * placeholder `[REDACTED:<detector>:<hash>]`, keys included. Walks in the order
 * `collectSegments` did, so segment `i` here is segment `i` there.
 */
export function redactValue(
  value: JsonValue,
  segments: readonly Segment[],
  findings: readonly LocatedFinding[],
): JsonValue {
  const spans = spansBySegment(findings);
  let index = 0;
  const next = (): string => {
    const i = index++;
    return replaceSpans(segments[i]!.text, spans.get(i));
  };
  const copy = (v: JsonValue): JsonValue => {
    if (typeof v === 'string') return next();
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(copy);
    const out: { [key: string]: JsonValue } = {};
    for (const key of Object.keys(v)) {
      const k = next();
      if (Object.hasOwn(out, k)) {
        throw new DlpError('redaction_incomplete', 'policy-dlp: two keys redact to the same key');
      }
      Object.defineProperty(out, k, {
        value: copy(v[key]!),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  return copy(value);
}
