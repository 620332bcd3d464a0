export type {
  ArgumentsProvenance,
  Attempt,
  AuthorizationResult,
  Authorizer,
  CallOptions,
  CallOutcome,
  CheckResult,
  ExecuteOptions,
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
export { approvePending } from './approve-pending.js';
export {
  createHandoverLedger,
  type HandoverEntry,
  type HandoverLedger,
  type HandoverLookup,
  type HandoverScope,
} from './handover-ledger.js';
export { canonicalOrUndefined, decodedOnly, rawText } from './inputs.js';
export { isRefusalText } from './is-refusal-text.js';
export {
  createProvenanceRegistry,
  defaultProvenanceRegistry,
  type ProvenanceRegistry,
  type ProvenanceRegistryOptions,
} from './provenance-registry.js';
export {
  makeRefusal,
  type Refusal,
  type RefusalCode,
  type RefusalStage,
  refusalText,
  toRefusal,
} from './refusal.js';
export { attemptFromHandover, type HistoryText, prepareForHistory } from './seams.js';
