import type { ReadonlyJsonValue } from '../json/types.js';
import type { ArgsealTool } from '../tool/types.js';
import type { Rewritten } from './stages/rewrite.js';
import type { Sealed } from './stages/seal.js';
import type { ArgumentsProvenance, PreparedToolCall } from './types.js';

/**
 * A prepared call with what the attempt adds to it (no lifecycle yet): what the policy,
 * approval and execution stages read. Internal: it never leaves the pipeline (an attempt
 * is a frozen object of its own). The canonical texts are built on first use
 * (`requestedText`): without rewrite hooks nothing in the pipeline needs them, only a
 * policy reading `requestedArguments` and adapters writing history do.
 */
export interface PreparedData
  extends Omit<
    PreparedToolCall,
    'snapshot' | 'bindingHash' | 'requestedCanonicalJson' | 'effectiveCanonicalJson'
  > {
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

/** Who prepared the call, and what it resumes or replaces. */
export interface CallIdentity {
  tool: ArgsealTool;
  agent: string;
  toolCallId: string;
  rawArguments: string | undefined;
  provenance: ArgumentsProvenance;
  /** The proposal hash this call resumes, when it is a resume. */
  resumeOf: string | undefined;
  /** The proposal id a suspension of this call replaces (an edit, a changed resume). */
  supersedes: string | undefined;
}

/**
 * The prepared call: `call` runs it without an attempt around it, an attempt wraps it.
 * `requestedText` builds the requested text on first read.
 */
export function preparedData(
  id: CallIdentity,
  requestedText: () => string,
  rewritten: Rewritten,
  sealed: Sealed,
): PreparedData {
  const effective = rewritten.effectiveCanonicalJson;
  const effectiveText = effective === undefined ? requestedText : () => effective;
  return {
    tool: id.tool,
    agent: id.agent,
    toolCallId: id.toolCallId,
    rawArguments: id.rawArguments,
    requestedText,
    effectiveText,
    rewritten: rewritten.rewritten,
    originalArguments: rewritten.originalArguments,
    snapshot: sealed.snapshot,
    argsCanonicalJson: sealed.argsCanonicalJson,
    proposalHash: sealed.proposalHash,
    bindingHash: sealed.bindingHash,
    provenance: id.provenance,
    resumeOf: id.resumeOf,
    supersedes: id.supersedes,
  };
}
