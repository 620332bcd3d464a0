import type { JsonValue, RewriteHook, ToolPolicy } from '@argseal/core';
import { canonicalize, createSnapshot, decodeCanonical } from '@argseal/core/data';
import { decideFindings } from './decision.js';
import { DlpError } from './errors.js';
import { compileOptions, type DlpOptions } from './options.js';
import { publicFinding, report } from './report.js';
import { redactValue } from './scan/redact.js';
import { scanValue } from './scan/scan.js';
import { createScanCache } from './scan/scan-cache.js';
import type { DlpAction, Finding } from './types.js';

/** Redaction passes before a call whose matches keep reappearing is refused. */
const MAX_REDACTION_PASSES = 3;

/** What {@link createDlp} returns: one configuration, used at both seams. */
export interface Dlp<C = unknown> {
  /** Scans the sealed arguments; pass it to `createAuthorizer({ policy })` (or `allOf`). */
  readonly policy: ToolPolicy<C>;
  /**
   * Replaces the matches of `redact` and `deny` detectors with placeholders before the
   * call's identity exists; pass it to
   * `createAuthorizer({ rewrite: [...] })`. Marked `omitOriginal`: core keeps the
   * unredacted arguments out of audit records, proposals and outcomes.
   */
  readonly rewrite: RewriteHook<C>;
  /**
   * Scans a JSON value as the policy would for `tool`. A value outside argseal's strict
   * domain (a cycle, `undefined`, a function, an accessor, ...) rejects with core's
   * `ToolArgumentsValidationError` and its code; more than `maxScanLength` characters of
   * strings with {@link DlpError} `scan_limit_exceeded`.
   */
  scan(value: JsonValue, options?: { tool?: string }): Promise<Finding[]>;
}

/**
 * Builds the DLP policy and its redacting rewrite hook from one set of options.
 * Every string leaf and object key of a call is scanned; each finding carries its
 * detector, JSON Pointer and a short salted hash, never the matched text.
 *
 * @throws {DlpError} on invalid options (`invalid_dlp_options`, `unknown_detector`,
 *   `invalid_action`, `invalid_detector_options`, `invalid_pattern`, `invalid_salt`,
 *   `invalid_json_pointer`).
 */
export function createDlp<C = unknown>(options: DlpOptions = {}): Dlp<C> {
  const c = compileOptions(options);
  const applies = (tool: string) => !c.tools || c.tools.has(tool);
  // the rewrite removes what must not be recorded: redact findings, and deny findings
  // (the call is refused anyway, and so the refused value stays out of audit and history)
  const removes = (a: DlpAction) => a === 'redact' || a === 'deny';
  const removing = c.detectors.some((d) => removes(d.action));
  const cache = createScanCache();
  const actions = new Map(c.detectors.map((d) => [d.detector.id, d.action] as const));

  const policy: ToolPolicy<C> = async function dlp(input) {
    if (!applies(input.tool))
      return {
        type: 'allow',
        reason: 'dlp_tool_not_scanned',
        trace: [{ rule: c.name, decision: 'allow', reason: 'dlp_tool_not_scanned' }],
      };
    let outcome: Awaited<ReturnType<typeof scanValue>>;
    try {
      outcome =
        cache.take(input.tool, input.argsCanonicalJson) ??
        (await scanValue(input.parsedArguments, input.tool, c));
    } catch (e) {
      if (DlpError.isInstance(e) && e.code === 'scan_limit_exceeded') {
        return {
          type: 'deny',
          reason: 'dlp_scan_limit_exceeded',
          trace: [{ rule: c.name, decision: 'deny', reason: 'dlp_scan_limit_exceeded' }],
        };
      }
      throw e;
    }
    report(
      c,
      { stage: 'policy', tool: input.tool, toolCallId: input.toolCallId },
      outcome.findings,
    );
    return decideFindings(c.name, outcome.findings, outcome.segments, actions);
  };

  const rewrite = async (input: Parameters<RewriteHook<C>>[0]): Promise<JsonValue | undefined> => {
    if (!removing || !applies(input.tool)) return undefined;
    // every detector runs here, so that the policy can reuse this scan (scanCache)
    const first = await scanValue(input.arguments, input.tool, c);
    const remove = first.findings.filter((f) => removes(f.action));
    if (remove.length === 0) {
      cache.put(input.tool, canonicalize(input.arguments), first);
      return undefined;
    }
    report(c, { stage: 'rewrite', tool: input.tool, toolCallId: input.toolCallId }, remove);
    // a redaction can uncover a match the first pass could not see (one match hiding
    // another's boundary): scan again until clean, then give up closed. Each pass scans
    // the canonical form, in the key order the policy will see.
    let redacted = redactValue(input.arguments, first.segments, remove);
    for (let pass = 1; ; pass++) {
      const canonical = canonicalize(redacted);
      redacted = decodeCanonical(canonical);
      const again = await scanValue(redacted, input.tool, c);
      const left = again.findings.filter((f) => removes(f.action));
      if (left.length === 0) {
        cache.put(input.tool, canonical, again);
        return redacted;
      }
      if (pass === MAX_REDACTION_PASSES) {
        throw new DlpError(
          'redaction_incomplete',
          `policy-dlp: tool "${input.tool}": a redaction left a match behind`,
        );
      }
      redacted = redactValue(redacted, again.segments, left);
    }
  };

  return {
    policy,
    rewrite: Object.assign(rewrite, { omitOriginal: true as const }),
    async scan(value, scanOptions) {
      // a value from anywhere: the strict domain first (no cycles, accessors, undefined...)
      const outcome = await scanValue(createSnapshot(value), scanOptions?.tool ?? '', c);
      return outcome.findings.map(publicFinding);
    },
  };
}
