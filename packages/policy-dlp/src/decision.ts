import type { PolicyDecision } from '@argseal/core';
import type { PolicyTrace } from '@argseal/core/data';
import { safePointer } from './scan/pointers.js';
import type { Segment } from './scan/segments.js';
import type { DlpAction, Finding } from './types.js';

/** Most findings listed one by one in a decision trace; the rest are counted. */
export const MAX_TRACE_FINDINGS = 20;
const MAX_POINTER = 200;
/** Placeholders a redaction left. Fixed alphabet and lengths: linear time. */
const PLACEHOLDER = /\[REDACTED:([a-z][a-z0-9_]{0,39}):([a-p]{12})\]/g;
const NO_FLAGGED_KEYS: ReadonlyMap<string, string> = new Map();

function describe(reason: string, pointer: string, hash: string): string {
  const at = pointer === '' ? '(root)' : pointer;
  return `${reason} at ${at.length > MAX_POINTER ? `${at.slice(0, MAX_POINTER)}…` : at} #${hash}`;
}

interface Entry {
  readonly detector: string;
  readonly decision: PolicyDecision['type'];
  /** Reason of the decision when this entry decides it. */
  readonly reason: string;
  /** Reason in the trace entry, before pointer and hash. */
  readonly label: string;
  readonly pointer: string;
  readonly hash: string;
}

/** A finding still in the sealed arguments. */
function fromFinding(f: Finding): Entry {
  const decision = f.action === 'require_approval' ? 'require_approval' : 'deny';
  const reason = f.action === 'redact' ? 'dlp_redaction_missing' : `dlp_${f.detector}`;
  return { ...f, decision, reason, label: `dlp_${f.detector}` };
}

/**
 * The placeholders the rewrite hook left, in values and in keys: a `redact` detector's is allowed
 * (`dlp_redacted`); a `deny` detector's denies, since the hook removes those values too,
 * so that a refused secret reaches neither the audit trail nor the history.
 */
function fromPlaceholders(
  segments: readonly Segment[],
  actions: ReadonlyMap<string, DlpAction>,
): Entry[] {
  const out: Entry[] = [];
  for (const s of segments) {
    // a key the hook redacted is a key that held a match: a deny detector's denies there too
    const path = s.location === 'key' ? s.path.slice(0, -1) : s.path;
    for (const m of s.text.matchAll(PLACEHOLDER)) {
      const detector = m[1]!;
      const deny = actions.get(detector) === 'deny';
      out.push({
        detector,
        decision: deny ? 'deny' : 'allow',
        reason: deny ? `dlp_${detector}` : 'dlp_redacted',
        label: deny ? `dlp_${detector}` : 'dlp_redacted',
        pointer: safePointer(path, NO_FLAGGED_KEYS),
        hash: m[2]!,
      });
    }
  }
  return out;
}

/**
 * The decision for a scan of the sealed arguments. Any `deny` finding or placeholder of
 * a `deny` detector denies (`dlp_<detector>`); a `redact` finding still present means the
 * rewrite did not run (`dlp_redaction_missing`, deny); a `require_approval` finding
 * requires approval (`dlp_<detector>`); else allow: `dlp_redacted` when placeholders are
 * present, `dlp_clean` when not. The trace lists each entry as detector, pointer and
 * salted hash (at most {@link MAX_TRACE_FINDINGS}, then a count).
 */
export function decideFindings(
  rule: string,
  findings: readonly Finding[],
  segments: readonly Segment[],
  actions: ReadonlyMap<string, DlpAction>,
): PolicyDecision {
  const entries = [...findings.map(fromFinding), ...fromPlaceholders(segments, actions)];
  const first = (type: PolicyDecision['type']) => entries.find((e) => e.decision === type);
  const decided = first('deny') ?? first('require_approval') ?? first('allow');
  const trace: PolicyTrace[] = entries.slice(0, MAX_TRACE_FINDINGS).map((e) => ({
    rule: `${rule}/${e.detector}`,
    decision: e.decision,
    reason: describe(e.label, e.pointer, e.hash),
  }));
  if (entries.length > MAX_TRACE_FINDINGS) {
    const more = `dlp_more_findings ${entries.length - MAX_TRACE_FINDINGS}`;
    trace.push({ rule, decision: decided!.decision, reason: more });
  }
  if (decided === undefined) {
    return {
      type: 'allow',
      reason: 'dlp_clean',
      trace: [{ rule, decision: 'allow', reason: 'dlp_clean' }],
    };
  }
  return { type: decided.decision, reason: decided.reason, trace } as PolicyDecision;
}
