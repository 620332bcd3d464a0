import type { PolicyDecision, PolicyTrace } from '@argseal/core';
import { safePointer } from './scan/pointers.js';
import type { Segment } from './scan/segments.js';
import type { Finding } from './types.js';

/** Most findings listed one by one in a decision trace; the rest are counted. */
export const MAX_TRACE_FINDINGS = 20;
const MAX_POINTER = 200;
/** Placeholders a redaction left. Fixed alphabet and lengths: linear time. */
const PLACEHOLDER = /\[REDACTED:([a-z][a-z0-9_]{0,39}):([a-p]{12})\]/g;

function shortPointer(pointer: string): string {
  return pointer.length > MAX_POINTER ? `${pointer.slice(0, MAX_POINTER)}…` : pointer;
}

/** `dlp_card_number at /body #abcdefghijkl` */
function describe(reason: string, pointer: string, hash: string): string {
  return `${reason} at ${shortPointer(pointer === '' ? '(root)' : pointer)} #${hash}`;
}

/** The redactions visible in the arguments, as trace entries (evidence for the audit). */
function redactionEntries(rule: string, segments: readonly Segment[]): PolicyTrace[] {
  const out: PolicyTrace[] = [];
  for (const s of segments) {
    if (s.location !== 'value') continue;
    for (const m of s.text.matchAll(PLACEHOLDER)) {
      const pointer = safePointer(s.path, new Map<string, string>());
      out.push({
        rule: `${rule}/${m[1]}`,
        decision: 'allow',
        reason: describe('dlp_redacted', pointer, m[2]!),
      });
    }
  }
  return out;
}

/**
 * The decision for a scan of the sealed arguments: any `deny` finding denies
 * (`dlp_<detector>`); a `redact` finding still present means the rewrite did not run
 * (`dlp_redaction_missing`, deny); a `require_approval` finding requires approval
 * (`dlp_<detector>`); otherwise allow (`dlp_clean`). The trace lists each finding as
 * detector, pointer and salted hash, and each placeholder a redaction left.
 */
export function decideFindings(
  rule: string,
  findings: readonly Finding[],
  segments: readonly Segment[],
): PolicyDecision {
  const entries: PolicyTrace[] = [];
  let deny: string | undefined;
  let approval: string | undefined;
  for (const f of findings) {
    const reason = f.action === 'redact' ? 'dlp_redaction_missing' : `dlp_${f.detector}`;
    const decision = f.action === 'require_approval' ? 'require_approval' : 'deny';
    if (decision === 'deny') deny ??= reason;
    else approval ??= reason;
    if (entries.length < MAX_TRACE_FINDINGS) {
      entries.push({
        rule: `${rule}/${f.detector}`,
        decision,
        reason: describe(`dlp_${f.detector}`, f.pointer, f.hash),
      });
    }
  }
  if (findings.length > MAX_TRACE_FINDINGS) {
    const decision = deny ? 'deny' : 'require_approval';
    entries.push({
      rule,
      decision,
      reason: `dlp_more_findings ${findings.length - MAX_TRACE_FINDINGS}`,
    });
  }
  const redacted = redactionEntries(rule, segments).slice(0, MAX_TRACE_FINDINGS);
  const trace = [...entries, ...redacted];
  if (deny) return { type: 'deny', reason: deny, trace };
  if (approval) return { type: 'require_approval', reason: approval, trace };
  return {
    type: 'allow',
    reason: 'dlp_clean',
    trace: trace.length > 0 ? trace : [{ rule, decision: 'allow', reason: 'dlp_clean' }],
  };
}
