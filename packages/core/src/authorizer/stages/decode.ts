import { ToolArgumentsValidationError } from '../../errors.js';
import { canonicalize, serializeTrusted } from '../../json/canonicalize.js';
import { parseStrictJson } from '../../json/parse-strict-json.js';
import { createSnapshot } from '../../json/snapshot.js';
import type { JsonValue } from '../../json/types.js';
import type { ProvenanceRegistry } from '../../kit/provenance-registry.js';
import { RAW_TEXT_FIX } from '../../kit/raw-text-fix.js';
import type { ReadInput } from '../prepare-input.js';
import type { ArgumentsProvenance } from '../types.js';

/** What the decode stage reads from the authorizer's settings. */
export interface DecodeSettings {
  maxDepth: number | undefined;
  maxLength: number | undefined;
  provenance: ProvenanceRegistry;
}

/** A call's request as decoded: what the rewrite and schema stages start from. */
export interface Decoded {
  /** parseStrictJson's output (fresh, private, strict); `undefined` for a decoded input. */
  parsed: unknown;
  /**
   * Canonical text of the request. `undefined` when raw text was decoded and nobody asked
   * for the text yet (`textNow` false): it is built on first read (see `requestedText`).
   */
  requestedCanonicalJson: string | undefined;
  provenance: ArgumentsProvenance;
}

/** What else the decode stage needs to know about the call. */
export interface DecodeCall {
  tool: string;
  toolCallId: string;
  /** An explicit `allowDecodedOnly`, or a resume (history carries a decoded value). */
  decodedAccepted: boolean;
  /** Build the requested text now, while the parse output is fresh. */
  textNow: boolean;
}

/** The limits of parseStrictJson for a call (also when its requested text is built later). */
function parseLimits(s: DecodeSettings, tool: string) {
  return { maxDepth: s.maxDepth, tool, maxLength: s.maxLength };
}

/**
 * Stage `decode`: raw provider text strictly, or an already decoded value by the same
 * rules. parseStrictJson's output is fresh, private and strict by construction, so its
 * text is serialized without a second validation pass. A decoded value without raw text
 * is refused `raw_text_unavailable` (closed by default: duplicate keys and rounded
 * integers are invisible), unless the strict fetch guard checked its text, or it is
 * accepted explicitly.
 */
export function decode(s: DecodeSettings, input: ReadInput, call: DecodeCall): Decoded {
  if ('raw' in input) {
    const parsed = parseStrictJson(input.raw, parseLimits(s, call.tool));
    return {
      parsed,
      requestedCanonicalJson: call.textNow ? serializeTrusted(parsed as JsonValue) : undefined,
      provenance: input.provenance,
    };
  }
  const limits = { maxDepth: s.maxDepth, tool: call.tool, stage: 'decode' as const };
  const requestedCanonicalJson = canonicalize(createSnapshot(input.decoded, limits));
  if (
    s.provenance.isChecked({ toolCallId: call.toolCallId, canonicalJson: requestedCanonicalJson })
  )
    return { parsed: undefined, requestedCanonicalJson, provenance: 'checked_transport' };
  if (!call.decodedAccepted) {
    throw new ToolArgumentsValidationError({
      stage: 'decode',
      code: 'raw_text_unavailable',
      path: '',
      tool: call.tool,
      detail: `fix: ${RAW_TEXT_FIX}`,
    });
  }
  return { parsed: undefined, requestedCanonicalJson, provenance: 'decoded_only' };
}

/** The requested text, built once on first read from the (immutable) raw text. */
export function requestedText(
  s: DecodeSettings,
  tool: string,
  raw: string | undefined,
  built: string | undefined,
): () => string {
  let memo = built;
  return () => {
    memo ??= serializeTrusted(parseStrictJson(raw as string, parseLimits(s, tool)));
    return memo;
  };
}
