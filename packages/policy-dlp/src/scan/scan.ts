import type { ReadonlyJsonValue } from '@argseal/core';
import { fingerprint } from '../fingerprint.js';
import type { Detector, DlpAction, Finding } from '../types.js';
import { joinSegments, locate, type Part } from './document.js';
import { commonPath, pathKey, placeholder, safePointer } from './pointers.js';
import { collectSegments, type Segment } from './segments.js';

/** A detector with what to do about its findings and where it does not apply. */
export interface ArmedDetector {
  readonly detector: Detector;
  readonly action: DlpAction;
  /** True when a match at this value path of this tool is exempt. */
  readonly exempt: (tool: string, path: readonly (string | number)[]) => boolean;
}

/** Everything {@link scanValue} needs. */
interface ScanSettings {
  readonly detectors: readonly ArmedDetector[];
  readonly salt: Uint8Array;
  readonly maxScanLength: number;
}

/** A finding with the stretches it covers, for redaction. Internal. */
export interface LocatedFinding extends Finding {
  readonly parts: readonly Part[];
}

/** The result of one scan: findings in document order, with the segments scanned. */
export interface ScanOutcome {
  readonly findings: readonly LocatedFinding[];
  readonly segments: readonly Segment[];
}

interface Hit {
  readonly armed: ArmedDetector;
  readonly rule: string | undefined;
  readonly parts: Part[];
}

function overlaps(a: Part, b: Part): boolean {
  return a.segment === b.segment && a.start < b.end && b.start < a.end;
}

function siblingGroups(segments: readonly Segment[]): number[][] {
  const byContainer = new Map<number, number[]>();
  segments.forEach((s, i) => {
    if (s.location !== 'value') return;
    const group = byContainer.get(s.container);
    if (group) group.push(i);
    else byContainer.set(s.container, [i]);
  });
  return [...byContainer.values()].filter((g) => g.length > 1);
}

async function run(
  detectors: readonly ArmedDetector[],
  segments: readonly Segment[],
  groups: readonly (readonly number[])[],
  inner: string,
  minParts: number,
): Promise<Hit[]> {
  if (groups.length === 0 || detectors.length === 0) return [];
  const doc = joinSegments(segments, groups, inner, '\n');
  const hits: Hit[] = [];
  const results = await Promise.all(detectors.map((d) => d.detector.scan(doc.text)));
  results.forEach((matches, i) => {
    for (const m of matches) {
      const parts = locate(doc, segments, m.start, m.end);
      if (parts.length >= minParts) hits.push({ armed: detectors[i]!, rule: m.rule, parts });
    }
  });
  return hits;
}

/**
 * Scans every string leaf and object key of `value` with every detector: once with each
 * string apart, and, for secret detectors, once more with sibling strings of one
 * container glued together (a key split across fields). Exempt matches are dropped.
 */
export async function scanValue(
  value: ReadonlyJsonValue,
  tool: string,
  settings: ScanSettings,
): Promise<ScanOutcome> {
  const { segments } = collectSegments(value, settings.maxScanLength);
  const all = segments.map((_, i) => i);
  const secrets = settings.detectors.filter((d) => d.detector.kind === 'secret');
  const apart = await run(settings.detectors, segments, all.length > 0 ? [all] : [], '\n', 1);
  // a glued match that overlaps one found apart is that finding again, not a split secret
  const glued = (await run(secrets, segments, siblingGroups(segments), '', 2)).filter(
    (g) => !apart.some((a) => a.parts.some((p) => g.parts.some((q) => overlaps(p, q)))),
  );
  const hits = [...apart, ...glued].filter(
    (h) =>
      !h.parts.every((p) => {
        const s = segments[p.segment]!;
        return s.location === 'value' && h.armed.exempt(tool, s.path);
      }),
  );
  hits.sort(
    (a, b) => a.parts[0]!.segment - b.parts[0]!.segment || a.parts[0]!.start - b.parts[0]!.start,
  );
  const located = hits.map((h) => {
    const text = h.parts.map((p) => segments[p.segment]!.text.slice(p.start, p.end)).join('');
    const id = h.armed.detector.id;
    return { h, id, hash: fingerprint(settings.salt, id, text) };
  });
  const flaggedKeys = new Map<string, string>();
  for (const { h, id, hash } of located) {
    const only = h.parts.length === 1 ? segments[h.parts[0]!.segment]! : undefined;
    if (only?.location === 'key') flaggedKeys.set(pathKey(only.path), placeholder(id, hash));
  }
  const findings = located.map(({ h, id, hash }): LocatedFinding => {
    const first = segments[h.parts[0]!.segment]!;
    const location = h.parts.length > 1 ? 'split' : first.location;
    const path =
      location === 'value'
        ? first.path
        : location === 'key'
          ? first.path.slice(0, -1)
          : commonPath(h.parts.map((p) => segments[p.segment]!.path.slice(0, -1)));
    return {
      detector: id,
      ...(h.rule !== undefined ? { rule: h.rule } : {}),
      pointer: safePointer(path, flaggedKeys),
      location,
      hash,
      action: h.armed.action,
      parts: h.parts,
    };
  });
  return { findings, segments };
}
