// What adapter authors need: attempts, seams, the hand-over ledger, refusals, decisions,
// provenance (raw-text paths, the strict fetch guard). Strict JSON, canonical text,
// snapshots, pointers, hashes and presentation are in `@argseal/core/data`.

export type {
  ArgumentsProvenance,
  Attempt,
  AuthorizationResult,
  Authorizer,
  CallOptions,
  CallOutcome,
  CheckResult,
  ExecuteOptions,
  PreparedToolCall,
  PrepareInput,
  PrepareResult,
} from '../authorizer/types.js';
export { hasMarker } from '../errors.js';
export {
  type CheckedCallRecorder,
  createStrictFetch,
  StrictFetchError,
  type StrictFetchErrorCode,
  type StrictFetchOptions,
} from '../fetch-guard/index.js';
export { isStandardSchema } from '../tool/define-tool.js';
export { type AdapterErrorDetails, ArgsealAdapterError } from './adapter-error.js';
export {
  type AdapterOptions,
  assertAdapterOptions,
  type ContextSource,
  DEFAULT_MAX_CACHED_CALLS,
  resolveContext,
} from './adapter-options.js';
export { applyDecisions } from './decisions/apply-decisions.js';
export { approvalRequest, auditDecisionRefusals } from './decisions/approval-request.js';
export { approvePending } from './decisions/approve-pending.js';
export { decidePending } from './decisions/decide-pending.js';
export {
  approveProposal,
  type DecisionOptions,
  editProposal,
  type ProposalRef,
  rejectProposal,
} from './decisions/decision-builders.js';
export {
  APPROVAL_REQUEST_KIND,
  type ApprovalRequest,
  type DecisionOutcome,
  type DecisionRefusal,
  type DecisionSet,
  type DecisionVerdict,
  type HumanDecision,
  type PendingCall,
  type ProposalView,
  type ValidDecision,
} from './decisions/types.js';
export {
  type ValidateDecisionsOptions,
  validateDecisions,
} from './decisions/validate-decisions.js';
export {
  approveEdit,
  type EditDecision,
  type EditOutcome,
  prepareResume,
} from './edit-proposal.js';
export {
  createHandoverLedger,
  type HandoverEntry,
  type HandoverLedger,
  type HandoverLookup,
  type HandoverScope,
} from './handover-ledger.js';
export { canonicalOrUndefined, decodedFromText, decodedOnly, rawText } from './inputs.js';
export { isRefusalText } from './is-refusal-text.js';
export { type JsonObjectSchema, modelJsonSchema, standardJsonSchema } from './json-schema.js';
export { pendingProposalOf } from './pending-proposal.js';
export {
  createProvenanceRegistry,
  defaultProvenanceRegistry,
  type ProvenanceRegistry,
  type ProvenanceRegistryOptions,
} from './provenance-registry.js';
export {
  argumentTextInput,
  declareRawTextModel,
  isDeclaredRawTextModel,
  RAW_TEXT_FIX,
  type RawTextPath,
} from './raw-text-paths.js';
export {
  makeRefusal,
  type Refusal,
  type RefusalCode,
  type RefusalStage,
  refusalText,
  toRefusal,
} from './refusal.js';
export {
  REFUSAL_PLACEHOLDER_KEY,
  readRefusalPlaceholder,
  refusalPlaceholder,
} from './refusal-placeholder.js';
export {
  attemptFromHandover,
  type FreshCallOptions,
  type HistoryText,
  prepareForHistory,
} from './seams.js';
export { type SchemaVerdict, standardSchema } from './standard-schema.js';
