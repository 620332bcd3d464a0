import type { ApprovalStore } from '../approvals/types.js';
import type { AuditSink } from '../audit/types.js';
import { ToolArgumentsValidationError } from '../errors.js';
import type { Sha256Hex } from '../hash.js';
import { decodeCanonical } from '../json/canonicalize.js';
import type { ProvenanceRegistry } from '../kit/provenance-registry.js';
import type { ArgsealTool } from '../tool/types.js';
import type { ProposedWrite } from './audit-writes.js';
import { readPrepareInput } from './prepare-input.js';
import { type PreparedData, preparedData } from './prepared-data.js';
import { type ResumeBinding, resolveResume } from './resume.js';
import { type Decoded, decode, requestedText } from './stages/decode.js';
import { recordInvalid, recordProposed } from './stages/record.js';
import { type Rewritten, rewrite, unchanged } from './stages/rewrite.js';
import { seal } from './stages/seal.js';
import { runSchema, schemaOutput } from './stages/validate.js';
import { type StageSpans, stageSpans, type Telemetry } from './telemetry.js';
import type { CallOptions, RewriteHook } from './types.js';

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

/** One call through `prepareCall`: what every stage may read. */
interface Preparing {
  s: PrepareSettings;
  tool: ArgsealTool;
  toolCallId: string;
  options: CallOptions<any> | undefined;
  resume: ResumeBinding | undefined;
  spans: StageSpans | undefined;
}

/** Stage `rewrite`, when the authorizer has hooks; else the request is the effective one. */
function rewriteStage(p: Preparing, decoded: Decoded): Rewritten | Promise<Rewritten> {
  const { s, tool } = p;
  if (s.rewrite.length === 0) return unchanged(decoded.requestedCanonicalJson);
  p.spans?.next('rewrite');
  const call = {
    agent: s.agent,
    tool: tool.name,
    toolCallId: p.toolCallId,
    context: p.options?.context,
    maxDepth: s.maxDepth,
  };
  // hooks imply the requested text was built while decoding
  return rewrite(s.rewrite, call, decoded.requestedCanonicalJson as string);
}

/**
 * Stage `schema` on a fresh copy nobody else holds: the parse output itself (private to
 * this call) when nothing rewrote it, else the effective request decoded afresh. Returns
 * the schema's result (a promise only for an asynchronous schema).
 */
function schemaStage(p: Preparing, decoded: Decoded, effective: Rewritten) {
  p.spans?.next('schema');
  const input =
    decoded.parsed === undefined || p.s.rewrite.length > 0
      ? decodeCanonical(effective.effectiveCanonicalJson as string)
      : decoded.parsed;
  return runSchema(p.tool, input);
}

/** The proposal a call replaces: an explicit edit, or the one a changed resume came from. */
function supersededBy(p: Preparing, proposalHash: string): string | undefined {
  if (p.options?.supersedes !== undefined) return p.options.supersedes;
  const { resume } = p;
  return resume !== undefined && resume.proposalHash !== proposalHash
    ? resume.proposalId
    : undefined;
}

/** A refused call: the error names the tool; its span fails with the code; recorded `invalid`. */
async function refused(p: Preparing, e: unknown): Promise<PrepareDataResult> {
  if (!ToolArgumentsValidationError.isInstance(e)) {
    p.spans?.fail('internal_error');
    throw e;
  }
  const tool = p.tool.name;
  const error = e.tool === tool ? e : e.withContext(tool);
  p.spans?.fail(error.code);
  await recordInvalid(p.s.audit, { agent: p.s.agent, tool, toolCallId: p.toolCallId }, error);
  return { ok: false, error };
}

/**
 * Decode → rewrite → schema (once) → snapshot, canonical text, hashes → record. No policy
 * runs. A failure here is never a policy decision: nothing executes, nothing is proposed
 * (the call is recorded `invalid`). Each stage has its span when telemetry is on.
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
  const input = readPrepareInput(rawArguments);
  const resume =
    options?.resumeOf === undefined
      ? undefined
      : await resolveResume(
          s.approvals,
          { agent: s.agent, tool: tool.name, toolCallId },
          options.resumeOf,
        );
  const spans = s.telemetry && stageSpans(s.telemetry, s.agent, tool.name);
  const p: Preparing = { s, tool, toolCallId, options, resume, spans };
  try {
    spans?.next('decode');
    const decoded = decode(s, input, {
      tool: tool.name,
      toolCallId,
      decodedAccepted: options?.allowDecodedOnly === true || resume !== undefined,
      textNow: s.rewrite.length > 0 || eagerRequestedText,
    });
    const rewriting = rewriteStage(p, decoded);
    const effective = rewriting instanceof Promise ? await rewriting : rewriting;
    const checking = schemaStage(p, decoded, effective);
    const checked = checking instanceof Promise ? await checking : checking;
    const value = schemaOutput(tool.name, checked, s.schemaIssueMessages);
    spans?.next('snapshot');
    const sealing = seal(s, tool, value);
    const sealed = sealing instanceof Promise ? await sealing : sealing;
    spans?.end(sealed.proposalHash);

    const raw = 'raw' in input ? input.raw : undefined;
    const call = preparedData(
      {
        tool,
        agent: s.agent,
        toolCallId,
        rawArguments: raw,
        provenance: decoded.provenance,
        resumeOf: resume?.proposalHash,
        supersedes: supersededBy(p, sealed.proposalHash),
      },
      requestedText(s, tool.name, raw, decoded.requestedCanonicalJson),
      effective,
      sealed,
    );
    const recording = recordProposed(s.audit, call);
    const written = recording instanceof Promise ? await recording : recording;
    return { ok: true, call, written };
  } catch (e) {
    return refused(p, e);
  }
}
