// @argseal/core/store: the API for authors of approval stores and audit sinks.

export { isApprovalErrorCode } from '../approvals/approval-error-codes.js';
export { assertCallRef, assertSupersedes, MAX_CALL_REF_LENGTH } from '../approvals/call-ref.js';
export { assertConsumeOptions } from '../approvals/consume-options.js';
export { decisionEvent } from '../approvals/decision-event.js';
export {
  type ApprovalProgress,
  type ApprovalRule,
  type ApprovalVote,
  checkApprovalRule,
  checkApproverGroups,
  checkFourEyes,
  checkVote,
  MAX_APPROVER_GROUPS,
  MAX_APPROVER_LENGTH,
  MAX_REQUIRED_APPROVALS,
} from '../approvals/four-eyes.js';
export {
  canonicalIdentity,
  type IdentityProblem,
  identityProblem,
  MAX_IDENTITY_LENGTH,
  sameIdentity,
} from '../approvals/identity.js';
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
} from '../approvals/types.js';
export {
  assertHash,
  assertProposal,
  DEFAULT_GRANT_TTL_MS,
  MAX_GRANT_TTL_MS,
  MAX_GRANT_USES,
  type NormalizedDecision,
  normalizeDecision,
} from '../approvals/validate.js';
export {
  AUDIT_HASH_PREFIX,
  auditRecordBody,
  computeAuditHash,
  GENESIS_HASH,
} from '../audit/audit-hash.js';
export {
  checkpointEvent,
  checkpointHeads,
  isAuditStreamKey,
  MAX_AUDIT_STREAM_LENGTH,
} from '../audit/checkpoint.js';
export type {
  AuditCheckpointData,
  AuditEvent,
  AuditEventType,
  AuditHead,
  AuditRecord,
  AuditRecordsQuery,
  AuditSink,
  AuditStreamHead,
  AuditStreamSink,
} from '../audit/types.js';
export {
  type AuditChainVerification,
  type VerifyAuditChainOptions,
  verifyAuditChain,
} from '../audit/verify-chain.js';
export {
  type AuditStreamsVerification,
  type VerifyAuditStreamsOptions,
  verifyAuditStreams,
} from '../audit/verify-streams.js';
export { computeBindingHash } from '../authorizer/binding-hash.js';
export { ApprovalError, type ApprovalErrorCode, ArgsealError } from '../errors.js';
export {
  BINDING_HASH_PREFIX,
  isHashHex,
  PROPOSAL_HASH_PREFIX,
  type Sha256Hex,
  sha256Hex,
  TOOL_DEFINITION_HASH_PREFIX,
} from '../hash.js';
export { canonicalize, decodeCanonical } from '../json/canonicalize.js';
export type { JsonObject, JsonValue } from '../json/types.js';
export {
  checkPresentation,
  MAX_PRESENTATION_LENGTH,
} from '../presentation/check-presentation.js';
export type { ContextLabels, ProposalPresentation } from '../presentation/types.js';
