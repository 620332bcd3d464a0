export {
  ArgsealError,
  ArgsealConfigError,
  ApprovalError,
  ToolArgumentsValidationError,
  type ValidationStage,
} from './errors.js';
export type { JsonObject, JsonValue, ReadonlyJsonValue } from './json/types.js';
export { escapePointerToken, parseJsonPointer, toJsonPointer } from './json/json-pointer.js';
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_LENGTH,
  parseStrictJson,
  type ParseStrictJsonOptions,
} from './json/parse-strict-json.js';
export { createSnapshot, isSnapshot, type CreateSnapshotOptions } from './json/snapshot.js';
export { canonicalize, decodeCanonical, type CanonicalizeOptions } from './json/canonicalize.js';
export type { StrictDomainOptions } from './json/strict-domain.js';
export {
  BINDING_HASH_PREFIX,
  PROPOSAL_HASH_PREFIX,
  computeProposalHash,
  isHashHex,
  sha256Hex,
} from './hash.js';
