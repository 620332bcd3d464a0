// @argseal/core: the application API (with what applications wire or answer: the strict fetch
// guard, the provenance registry, `declareRawTextModel`, approval requests and human
// decisions). Adapter authors: `@argseal/core/kit`. Store and sink authors:
// `@argseal/core/store`.

export {
  canonicalIdentity,
  type IdentityProblem,
  identityProblem,
  MAX_IDENTITY_LENGTH,
  sameIdentity,
} from './approvals/identity.js';
export {
  createMemoryApprovalStore,
  type MemoryApprovalStoreOptions,
} from './approvals/memory-store.js';
export type { ApprovalStore, StoredProposal } from './approvals/types.js';
export { createMemoryAuditLog, type MemoryAuditLog } from './audit/memory-log.js';
export type { AuditRecord, AuditSink } from './audit/types.js';
export { type AuditLogVerification, verifyAuditLog } from './audit/verify-log.js';
export { createAuthorizer } from './authorizer/create-authorizer.js';
export type { AuthorizerTelemetry } from './authorizer/telemetry.js';
export type {
  Authorizer,
  AuthorizerOptions,
  CallOptions,
  CallOutcome,
  CheckResult,
  PolicyErrorCall,
  RewriteHook,
  RewriteInput,
} from './authorizer/types.js';
export {
  type ApprovalWaitOptions,
  createApprovalWait,
} from './durable/approval-wait.js';
export { DurableWaitError, type DurableWaitErrorCode } from './durable/errors.js';
export { createMemoryExecutionLedger } from './durable/memory-ledger.js';
export type {
  ApprovalWait,
  DurableOutcome,
  ExecutionLedger,
  LedgerEntry,
  WaitCallOptions,
  WaitExecuteOptions,
  WaitTicket,
} from './durable/types.js';
export {
  type DecisionNotice,
  type DecisionWake,
  type WakeOnDecideOptions,
  wakeOnDecide,
} from './durable/wake-on-decide.js';
export {
  ApprovalError,
  type ApprovalErrorCode,
  ArgsealConfigError,
  ArgsealError,
  type ConfigErrorCode,
  ToolArgumentsValidationError,
  type ValidationErrorCode,
  type ValidationStage,
} from './errors.js';
export {
  type CheckedCallRecorder,
  createStrictFetch,
  StrictFetchError,
  type StrictFetchErrorCode,
  type StrictFetchOptions,
} from './fetch-guard/index.js';
export { computeProposalHash } from './hash.js';
export type { JsonObject, JsonValue, ReadonlyJsonValue } from './json/types.js';
export {
  approveProposal,
  editProposal,
  rejectProposal,
} from './kit/decisions/decision-builders.js';
export {
  APPROVAL_REQUEST_KIND,
  type ApprovalRequest,
  type DecisionRefusal,
  type DecisionSet,
  type HumanDecision,
  type ProposalView,
} from './kit/decisions/types.js';
export {
  createProvenanceRegistry,
  defaultProvenanceRegistry,
  type ProvenanceRegistry,
  type ProvenanceRegistryOptions,
} from './kit/provenance-registry.js';
export { declareRawTextModel } from './kit/raw-text-paths.js';
export {
  assertKnownOptions,
  nearestOption,
  UnknownOptionError,
} from './options/known-options.js';
export type { PolicyDecision, ToolPolicy, ToolPolicyInput } from './policy/types.js';
export type { ToolPresentation } from './presentation/types.js';
export { defineTool, isArgsealTool } from './tool/define-tool.js';
export type { ArgsealTool, ToolDefinition, ToolExecutionContext } from './tool/types.js';
