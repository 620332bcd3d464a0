// Data building blocks for policies, consoles, MCP and hooks: strict JSON, canonical text,
// snapshots, JSON Pointers, hashes, hidden characters, presentation, policy traces, and the
// `prepare` inputs of an integration that calls `authorizer.prepare` itself.

export type {
  TelemetryAttributes,
  TelemetryMeter,
  TelemetrySpan,
  TelemetryTracer,
} from '../authorizer/telemetry.js';
export {
  BINDING_HASH_PREFIX,
  isHashHex,
  PROPOSAL_HASH_PREFIX,
  type Sha256Hex,
  sha256Hex,
  TOOL_DEFINITION_HASH_PREFIX,
} from '../hash.js';
export { type CanonicalizeOptions, canonicalize, decodeCanonical } from '../json/canonicalize.js';
export { escapePointerToken, parseJsonPointer, toJsonPointer } from '../json/json-pointer.js';
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_LENGTH,
  type ParseStrictJsonOptions,
  parseStrictJson,
} from '../json/parse-strict-json.js';
export { type CreateSnapshotOptions, createSnapshot, isSnapshot } from '../json/snapshot.js';
export { MAX_DEPTH_CEILING, type StrictDomainOptions } from '../json/strict-domain.js';
export { decodedOnly, rawText } from '../kit/inputs.js';
export type { PolicyMode, PolicyTrace } from '../policy/types.js';
export {
  buildProposalPresentation,
  MAX_CONTEXT_LABELS,
  MAX_CONTEXT_VALUE,
} from '../presentation/build-presentation.js';
export {
  type CompiledPresentation,
  compilePresentation,
  MAX_PRESENTED_FIELDS,
} from '../presentation/compile-presentation.js';
export {
  CORE_REASON_MESSAGES,
  type ReasonMessages,
  reasonMessage,
} from '../presentation/reason-messages.js';
export type {
  ContextLabels,
  FieldPresentation,
  PresentationFormat,
  PresentedField,
  ProposalPresentation,
} from '../presentation/types.js';
export {
  findHiddenCharacters,
  type HiddenCharacter,
  type HiddenCharacterKind,
  hiddenCharacterKind,
} from '../text/hidden-characters.js';
