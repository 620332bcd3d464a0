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
export type {
  PolicyDecision,
  PolicyMode,
  PolicyTrace,
  ToolPolicy,
  ToolPolicyInput,
} from './policy/types.js';
export type {
  ApprovalDecisionInput,
  ApprovalGrant,
  ApprovalStore,
  ConsumeResult,
  ListProposalsFilter,
  PeekResult,
  ProposalStatus,
  StoredProposal,
  SuspendedToolProposal,
} from './approvals/types.js';
export {
  DEFAULT_GRANT_TTL_MS,
  MAX_GRANT_USES,
  assertHash,
  assertProposal,
  normalizeDecision,
  type NormalizedDecision,
} from './approvals/validate.js';
export {
  createMemoryApprovalStore,
  type MemoryApprovalStoreOptions,
} from './approvals/memory-store.js';
export type { AuditEvent, AuditEventType, AuditRecord, AuditSink } from './audit/types.js';
export {
  AUDIT_HASH_PREFIX,
  GENESIS_HASH,
  auditRecordBody,
  computeAuditHash,
} from './audit/audit-hash.js';
export { verifyAuditChain, type AuditChainVerification } from './audit/verify-chain.js';
export { createMemoryAuditLog, type MemoryAuditLog } from './audit/memory-log.js';
export type { ArgsealTool, ToolDefinition, ToolExecutionContext } from './tool/types.js';
export { defineTool, isArgsealTool } from './tool/define-tool.js';
export { computeBindingHash } from './authorizer/binding-hash.js';
export { createAuthorizer } from './authorizer/create-authorizer.js';
export type {
  AuthorizationResult,
  CheckResult,
  Authorizer,
  AuthorizerOptions,
  CallOptions,
  CallOutcome,
  PrepareResult,
  PreparedToolCall,
  RewriteHook,
  RewriteInput,
} from './authorizer/types.js';
