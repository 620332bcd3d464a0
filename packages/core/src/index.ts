export {
  assertCallRef,
  assertSupersedes,
  MAX_CALL_REF_LENGTH,
} from './approvals/call-ref.js';
export { assertConsumeOptions } from './approvals/consume-options.js';
export {
  createMemoryApprovalStore,
  type MemoryApprovalStoreOptions,
} from './approvals/memory-store.js';
export type {
  ApprovalDecisionInput,
  ApprovalGrant,
  ApprovalStore,
  ConsumeOptions,
  ConsumeResult,
  ListProposalsFilter,
  PeekResult,
  ProposalCallRef,
  ProposalStatus,
  StoredProposal,
  SuspendedToolProposal,
} from './approvals/types.js';
export {
  assertHash,
  assertProposal,
  DEFAULT_GRANT_TTL_MS,
  MAX_GRANT_TTL_MS,
  MAX_GRANT_USES,
  type NormalizedDecision,
  normalizeDecision,
} from './approvals/validate.js';
export {
  AUDIT_HASH_PREFIX,
  auditRecordBody,
  computeAuditHash,
  GENESIS_HASH,
} from './audit/audit-hash.js';
export { createMemoryAuditLog, type MemoryAuditLog } from './audit/memory-log.js';
export type {
  AuditEvent,
  AuditEventType,
  AuditHead,
  AuditRecord,
  AuditRecordsQuery,
  AuditSink,
} from './audit/types.js';
export {
  type AuditChainVerification,
  type VerifyAuditChainOptions,
  verifyAuditChain,
} from './audit/verify-chain.js';
export { type AuditLogVerification, verifyAuditLog } from './audit/verify-log.js';
export { computeBindingHash } from './authorizer/binding-hash.js';
export { createAuthorizer } from './authorizer/create-authorizer.js';
export type {
  ArgumentsProvenance,
  Attempt,
  AuthorizationResult,
  Authorizer,
  AuthorizerOptions,
  CallOptions,
  CallOutcome,
  CheckResult,
  ExecuteOptions,
  PreparedToolCall,
  PrepareInput,
  PrepareResult,
  RewriteHook,
  RewriteInput,
} from './authorizer/types.js';
export {
  ApprovalError,
  ArgsealConfigError,
  ArgsealError,
  type ConfigErrorCode,
  ToolArgumentsValidationError,
  type ValidationErrorCode,
  type ValidationStage,
} from './errors.js';
export {
  BINDING_HASH_PREFIX,
  computeProposalHash,
  isHashHex,
  PROPOSAL_HASH_PREFIX,
  type Sha256Hex,
  sha256Hex,
  TOOL_DEFINITION_HASH_PREFIX,
} from './hash.js';
export { type CanonicalizeOptions, canonicalize, decodeCanonical } from './json/canonicalize.js';
export { escapePointerToken, parseJsonPointer, toJsonPointer } from './json/json-pointer.js';
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_LENGTH,
  type ParseStrictJsonOptions,
  parseStrictJson,
} from './json/parse-strict-json.js';
export { type CreateSnapshotOptions, createSnapshot, isSnapshot } from './json/snapshot.js';
export { MAX_DEPTH_CEILING, type StrictDomainOptions } from './json/strict-domain.js';
export type { JsonObject, JsonValue, ReadonlyJsonValue } from './json/types.js';
export type {
  PolicyDecision,
  PolicyMode,
  PolicyTrace,
  ToolPolicy,
  ToolPolicyInput,
} from './policy/types.js';
export {
  buildProposalPresentation,
  MAX_CONTEXT_LABELS,
  MAX_CONTEXT_VALUE,
} from './presentation/build-presentation.js';
export {
  checkPresentation,
  MAX_PRESENTATION_LENGTH,
} from './presentation/check-presentation.js';
export {
  type CompiledPresentation,
  compilePresentation,
  MAX_PRESENTED_FIELDS,
} from './presentation/compile-presentation.js';
export {
  CORE_REASON_MESSAGES,
  type ReasonMessages,
  reasonMessage,
} from './presentation/reason-messages.js';
export type {
  ContextLabels,
  FieldPresentation,
  PresentationFormat,
  PresentedField,
  ProposalPresentation,
  ToolPresentation,
} from './presentation/types.js';
export {
  findHiddenCharacters,
  type HiddenCharacter,
  type HiddenCharacterKind,
  hiddenCharacterKind,
} from './text/hidden-characters.js';
export { defineTool, isArgsealTool } from './tool/define-tool.js';
export type { ArgsealTool, ToolDefinition, ToolExecutionContext } from './tool/types.js';
