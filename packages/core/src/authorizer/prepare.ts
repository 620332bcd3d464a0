import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ApprovalStore } from '../approvals/types.js';
import type { AuditEvent, AuditSink } from '../audit/types.js';
import { ToolArgumentsValidationError } from '../errors.js';
import { proposalPreimage, type Sha256Hex, sha256Of } from '../hash.js';
import { canonicalize, decodeCanonical, serializeTrusted } from '../json/canonicalize.js';
import { toJsonPointer } from '../json/json-pointer.js';
import { parseStrictJson } from '../json/parse-strict-json.js';
import { createSnapshot } from '../json/snapshot.js';
import type { JsonValue, ReadonlyJsonValue } from '../json/types.js';
import type { ProvenanceRegistry } from '../kit/provenance-registry.js';
import { RAW_TEXT_FIX } from '../kit/raw-text-fix.js';
import type { ArgsealTool } from '../tool/types.js';
import { type ProposedWrite, pipelines, proposedWrite } from './audit-writes.js';
import { computeBindingHash } from './binding-hash.js';
import { lazyFields } from './lazy-fields.js';
import { readPrepareInput } from './prepare-input.js';
import { resolveResume } from './resume.js';
import { endFailed, nextStage, type Telemetry, type TelemetrySpan } from './telemetry.js';
import type { ArgumentsProvenance, CallOptions, PreparedToolCall, RewriteHook } from './types.js';

/**
 * A prepared call with what the attempt adds to it (no lifecycle yet). The requested
 * canonical text is built on first use (`requestedText`): without rewrite hooks nothing
 * in the pipeline needs it, only adapters writing history do.
 */
export interface PreparedData extends Omit<PreparedToolCall, 'snapshot' | 'bindingHash'> {
  readonly snapshot: ReadonlyJsonValue;
  readonly bindingHash: string;
  readonly provenance: ArgumentsProvenance;
  /** Canonical text of the request before rewrite (memoized). */
  readonly requestedText: () => string;
  /** Canonical text of the effective request: history carries it (memoized). */
  readonly effectiveText: () => string;
  readonly resumeOf: string | undefined;
  readonly supersedes: string | undefined;
}

export type PrepareDataResult =
  /** `written`: the call's records still in flight on a pipelining sink (see `writeAhead`). */
  | { ok: true; call: PreparedData; written: ProposedWrite | undefined }
  | { ok: false; error: ToolArgumentsValidationError };

export interface PrepareSettings {
  agent: string;
  rewrite: readonly RewriteHook<any>[];
  maxDepth: number | undefined;
  maxLength: number | undefined;
  audit: AuditSink | undefined;
  generateId: () => string;
  sha256: Sha256Hex | undefined;
  schemaIssueMessages: boolean;
  approvals: ApprovalStore | undefined;
  provenance: ProvenanceRegistry;
  /** Stage spans when telemetry is configured; `undefined` costs nothing per call. */
  telemetry: Telemetry | undefined;
}

/** The canonical texts a prepared call builds on first read (see `lazyFields`). */
const callTexts = lazyFields<{ requestedCanonicalJson: string; effectiveCanonicalJson: string }>([
  'requestedCanonicalJson',
  'effectiveCanonicalJson',
]);

function issuePath(issue: StandardSchemaV1.Issue): string {
  return toJsonPointer(
    (issue.path ?? []).map((p) =>
      typeof p === 'object' && p !== null ? String((p as { key: PropertyKey }).key) : String(p),
    ),
  );
}

/**
 * Decode → rewrite → schema (once) → snapshot → canonicalize → hash. No policy runs.
 * A failure here is never a policy decision: nothing executes, nothing is proposed.
 */
export async function prepareCall(
  s: PrepareSettings,
  tool: ArgsealTool,
  rawArguments: unknown,
  options: CallOptions<any> | undefined,
  /** Build the requested text while the parse output is fresh (adapters write it to history). */
  eagerRequestedText = false,
): Promise<PrepareDataResult> {
  const toolCallId = options?.toolCallId ?? s.generateId();
  const limits = { maxDepth: s.maxDepth, tool: tool.name };
  const input = readPrepareInput(rawArguments);
  const raw = 'raw' in input ? input.raw : undefined;
  const resume =
    options?.resumeOf === undefined
      ? undefined
      : await resolveResume(
          s.approvals,
          { agent: s.agent, tool: tool.name, toolCallId },
          options.resumeOf,
        );
  let provenance: ArgumentsProvenance = 'raw' in input ? input.provenance : 'decoded_only';
  const t = s.telemetry;
  let span: TelemetrySpan | undefined = t && nextStage(t, undefined, 'decode', s.agent, tool.name);
  try {
    // decode: raw provider text strictly, or an already-decoded value by the same rules.
    // parseStrictJson's output is fresh, private and strict by construction, so it is
    // serialized without a second validation pass and handed to the schema as is.
    // Without rewrite hooks the requested text is only built when someone reads it (the
    // raw text is immutable, so decoding it again gives the same value).
    let schemaInput: unknown;
    let requestedCanonicalJson: string | undefined;
    const parseLimits = { ...limits, maxLength: s.maxLength };
    if (raw !== undefined) {
      schemaInput = parseStrictJson(raw, parseLimits);
      if (s.rewrite.length > 0 || eagerRequestedText)
        requestedCanonicalJson = serializeTrusted(schemaInput as JsonValue);
    } else {
      requestedCanonicalJson = canonicalize(
        createSnapshot((input as { decoded: unknown }).decoded, { ...limits, stage: 'decode' }),
      );
      schemaInput = undefined;
      if (s.provenance.isChecked({ toolCallId, canonicalJson: requestedCanonicalJson })) {
        provenance = 'checked_transport';
      } else if (options?.allowDecodedOnly !== true && resume === undefined) {
        // closed by default: without raw text, duplicate keys and rounding are invisible
        throw new ToolArgumentsValidationError({
          stage: 'decode',
          code: 'raw_text_unavailable',
          path: '',
          tool: tool.name,
          detail: `fix: ${RAW_TEXT_FIX}`,
        });
      }
    }

    // rewrite: before identity exists
    if (t && s.rewrite.length > 0) span = nextStage(t, span, 'rewrite', s.agent, tool.name);
    let effectiveCanonical = requestedCanonicalJson;
    let omitOriginal = false;
    for (const hook of s.rewrite) {
      if (effectiveCanonical === undefined) break; // unreachable: hooks imply eager text
      let out: unknown;
      try {
        out = await hook({
          agent: s.agent,
          tool: tool.name,
          toolCallId,
          arguments: decodeCanonical(effectiveCanonical),
          context: options?.context,
        });
      } catch {
        throw new ToolArgumentsValidationError({
          stage: 'rewrite',
          code: 'rewrite_failed',
          path: '',
          tool: tool.name,
        });
      }
      if (out !== undefined) {
        effectiveCanonical = canonicalize(createSnapshot(out, { ...limits, stage: 'rewrite' }));
        if (hook.omitOriginal === true) omitOriginal = true;
      }
    }
    const rewritten = effectiveCanonical !== requestedCanonicalJson;
    const original =
      rewritten && !omitOriginal ? { originalArguments: requestedCanonicalJson } : {};
    if (schemaInput === undefined || s.rewrite.length > 0)
      schemaInput = decodeCanonical(effectiveCanonical as string);

    // schema: exactly once, on a fresh copy nobody else holds
    if (t) span = nextStage(t, span, 'schema', s.agent, tool.name);
    let result: StandardSchemaV1.Result<unknown>;
    try {
      const r = tool.schema['~standard'].validate(schemaInput);
      // a thenable from any realm is awaited; only a plain result skips the hop
      result =
        typeof (r as { then?: unknown }).then === 'function'
          ? await r
          : (r as StandardSchemaV1.Result<unknown>);
    } catch {
      throw new ToolArgumentsValidationError({
        stage: 'schema',
        code: 'schema_threw',
        path: '',
        tool: tool.name,
      });
    }
    if (result.issues) {
      const issues = result.issues.map((i) =>
        s.schemaIssueMessages ? { message: i.message, path: issuePath(i) } : { path: issuePath(i) },
      );
      throw new ToolArgumentsValidationError({
        stage: 'schema',
        code: 'schema_validation_failed',
        path: issues[0]?.path ?? '',
        tool: tool.name,
        issues,
      });
    }

    // snapshot: detach from whatever the schema returned
    if (t) span = nextStage(t, span, 'snapshot', s.agent, tool.name);
    const snapshot = createSnapshot(result.value, limits);
    const argsCanonicalJson = canonicalize(snapshot);
    const digest = sha256Of(s.sha256)(
      proposalPreimage({ agent: s.agent, tool: tool.name, argsCanonicalJson }),
    );
    const proposalHash = typeof digest === 'string' ? digest : await digest;
    const bindingHash =
      tool.informationalFields.length > 0
        ? await computeBindingHash({
            agent: s.agent,
            tool: tool.name,
            argsCanonicalJson,
            informationalFields: tool.informationalFields,
            classificationVersion: tool.classificationVersion as string,
            sha256: s.sha256,
          })
        : proposalHash;
    if (span) {
      span.setAttribute('argseal.proposal_hash', proposalHash);
      span.end();
      span = undefined;
    }
    let requestedMemo = requestedCanonicalJson;
    const requestedText = (): string => {
      requestedMemo ??= serializeTrusted(parseStrictJson(raw as string, parseLimits));
      return requestedMemo;
    };
    const effectiveMemo = effectiveCanonical;
    const effectiveText = effectiveMemo === undefined ? requestedText : () => effectiveMemo;
    const fields = {
      tool,
      agent: s.agent,
      toolCallId,
      rawArguments: raw,
      requestedText,
      effectiveText,
      rewritten,
      originalArguments: original.originalArguments,
      snapshot,
      argsCanonicalJson,
      proposalHash,
      bindingHash,
      provenance,
      resumeOf: resume?.proposalHash,
      supersedes:
        options?.supersedes ??
        (resume !== undefined && resume.proposalHash !== proposalHash
          ? resume.proposalId
          : undefined),
    };
    // a prepared call in its own right (`call` runs it without an attempt around it)
    const call: PreparedData = Object.freeze(
      callTexts(fields, {
        requestedCanonicalJson: requestedText,
        effectiveCanonicalJson: effectiveText,
      }),
    );
    const base = {
      agent: s.agent,
      tool: tool.name,
      toolCallId,
      proposalHash,
      argsCanonicalJson,
      // loudly marked: this attempt's raw text was not the provider's own argument string
      ...(provenance !== 'provider_text' ? { data: { provenance } } : {}),
    };
    const proposed: AuditEvent[] = [{ type: 'proposed', ...base, ...original }];
    if (rewritten) proposed.unshift({ type: 'rewritten', ...base, ...original });
    let written: ProposedWrite | undefined;
    if (s.audit !== undefined && pipelines(s.audit)) written = proposedWrite(s.audit, proposed);
    else for (const event of proposed) await s.audit?.append(event);
    return { ok: true, call, written };
  } catch (e) {
    if (!ToolArgumentsValidationError.isInstance(e)) {
      if (span) endFailed(span, 'internal_error');
      throw e;
    }
    const error = e.tool === tool.name ? e : e.withContext(tool.name);
    if (span) endFailed(span, error.code);
    await s.audit?.append({
      type: 'invalid',
      agent: s.agent,
      tool: tool.name,
      toolCallId,
      error: { stage: error.stage, code: error.code, path: error.path },
    });
    return { ok: false, error };
  }
}
