import type { ReadonlyJsonValue } from '@argseal/core';
import { fingerprint } from '../fingerprint.js';
import type { Detector, DlpAction, Finding } from '../types.js';
import { joinSegments, locate, type Part } from './document.js';
import { glueGroups } from './groups.js';
import { sourceRange } from './mapped-text.js';
import { commonPath, pathKey, placeholder, safePointer } from './pointers.js';
import { collectSegments, type Segment } from './segments.js';
import { buildViews, type View } from './views.js';

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

/** What earlier hits cover, per detector and segment: merged, sorted stretches. */
class Covered {
  private readonly stretches = new Map<string, [number, number][]>();
  private readonly dirty = new Set<string>();

  add(hit: Hit): void {
    for (const p of hit.parts) {
      const key = `${hit.armed.detector.id}\u0000${p.segment}`;
      const list = this.stretches.get(key);
      if (list) list.push([p.start, p.end]);
      else this.stretches.set(key, [[p.start, p.end]]);
      this.dirty.add(key);
    }
  }

  /** True when some part overlaps a stretch (`within`: when every part lies inside one). */
  overlaps(hit: Hit, within = false): boolean {
    const test = (p: Part) => {
      const list = this.merged(`${hit.armed.detector.id}\u0000${p.segment}`);
      if (!list) return false;
      let lo = 0;
      let hi = list.length - 1;
      let found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]![0] < p.end) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (found < 0) return false;
      const [from, to] = list[found]!;
      return within ? from <= p.start && to >= p.end : to > p.start;
    };
    return within ? hit.parts.every(test) : hit.parts.some(test);
  }

  private merged(key: string): [number, number][] | undefined {
    const list = this.stretches.get(key);
    if (!list || !this.dirty.has(key)) return list;
    list.sort((a, b) => a[0] - b[0]);
    const out: [number, number][] = [];
    for (const s of list) {
      const last = out[out.length - 1];
      if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
      else out.push([s[0], s[1]]);
    }
    this.stretches.set(key, out);
    this.dirty.delete(key);
    return out;
  }
}

/** Groups of segments joined one way; a match must cover `minParts` of them. */
interface Section {
  readonly groups: readonly (readonly number[])[];
  readonly inner: string;
  readonly minParts: number;
}

/**
 * Runs the detectors once on all sections of one view, joined into one text (each
 * detector is called once: secretlint's cost per call is not small). A match is cut at
 * the end of its section. Parts are mapped back to the original text. Hits come in
 * section order, then in text order, each with its section's index.
 */
async function run(
  detectors: readonly ArmedDetector[],
  view: View,
  sections: readonly Section[],
): Promise<(Hit & { readonly section: number })[]> {
  const used = sections.filter((s) => s.groups.length > 0);
  if (used.length === 0 || detectors.length === 0) return [];
  const docs = used.map((s) => joinSegments(view.texts, s.groups, s.inner, '\n'));
  const offsets: number[] = [];
  let text = '';
  docs.forEach((d, k) => {
    if (k > 0) text += '\n';
    offsets.push(text.length);
    text += d.text;
  });
  const hits: (Hit & { section: number; at: number })[] = [];
  const results = await Promise.all(detectors.map((d) => d.detector.scan(text)));
  results.forEach((matches, i) => {
    for (const m of matches) {
      let k = offsets.length - 1;
      while (k > 0 && offsets[k]! > m.start) k--;
      const doc = docs[k]!;
      const start = m.start - offsets[k]!;
      const end = Math.min(m.end - offsets[k]!, doc.text.length);
      if (end <= start) continue;
      const parts = locate(doc, view.texts, start, end).map((p): Part => {
        const map = view.maps[p.segment];
        if (map === undefined) return p;
        const [from, to] = sourceRange(map, p.start, p.end);
        return { segment: p.segment, start: from, end: to };
      });
      if (parts.length >= used[k]!.minParts) {
        const section = sections.indexOf(used[k]!);
        hits.push({ armed: detectors[i]!, rule: m.rule, parts, section, at: m.start });
      }
    }
  });
  return hits.sort((x, y) => x.at - y.at);
}

/**
 * Scans every string leaf and object key of `value` with every detector, in each view
 * ({@link buildViews}: as sent, normalised, decoded): with each string apart, and, for
 * secret detectors, with the strings of each glue group ({@link glueGroups}) joined (a
 * key cut into pieces). A later hit that overlaps an earlier one of the same detector is
 * the same finding. Exempt matches are dropped.
 */
export async function scanValue(
  value: ReadonlyJsonValue,
  tool: string,
  settings: ScanSettings,
): Promise<ScanOutcome> {
  const { segments, parents } = collectSegments(value, settings.maxScanLength);
  const secrets = settings.detectors.filter((d) => d.detector.kind === 'secret');
  const glue = secrets.length > 0 ? glueGroups(segments, parents) : [];
  const apartCovered = new Covered();
  const gluedCovered = new Covered();
  const accepted: Hit[] = [];
  const takeApart = (hits: readonly Hit[], dedupe: boolean) => {
    for (const h of hits) {
      if (dedupe && apartCovered.overlaps(h, true)) continue;
      apartCovered.add(h);
      accepted.push(h);
    }
  };
  const takeGlued = (hits: readonly Hit[]) => {
    for (const h of hits) {
      if (gluedCovered.overlaps(h) || apartCovered.overlaps(h, true)) continue;
      gluedCovered.add(h);
      accepted.push(h);
    }
  };
  const personal = settings.detectors.filter((d) => d.detector.kind !== 'secret');
  for (const [level, view] of buildViews(segments).entries()) {
    const changed: number[] = [];
    for (let i = 0; i < segments.length; i++) if (view.changed[i]) changed.push(i);
    const apart: Section = {
      groups: changed.length > 0 ? [changed] : [],
      inner: '\n',
      minParts: 1,
    };
    const glued: Section = {
      groups: level === 0 ? glue : glue.filter((g) => g.some((i) => view.changed[i])),
      inner: '',
      minParts: 2,
    };
    const [mine, theirs] = await Promise.all([
      run(secrets, view, [apart, glued]),
      view.secretsOnly ? [] : run(personal, view, [apart]),
    ]);
    // Found apart in the text as sent: every match is its own finding, as always. A
    // match inside earlier ones of its detector is that finding again; one that reaches
    // further is kept, so that a redaction covers all of it: in a later view, the tail
    // of a token behind a zero-width space; glued, the tail of a token cut at the end of
    // its field (a cut token's tail cannot be told from a next field that starts with
    // letters, which is then redacted too). Glued matches that overlap are one finding.
    takeApart(
      [...mine, ...theirs].filter((h) => h.section === 0),
      level > 0,
    );
    takeGlued(mine.filter((h) => h.section === 1));
  }
  const hits = accepted.filter(
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
