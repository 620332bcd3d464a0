// What adapter authors need: the adapter runtime (options, tools, hand-over ledger, raw-text
// table, decision helpers), attempts, refusals, the human-decision protocol, schemas and the
// adapter error base. Strict JSON, canonical text, snapshots, pointers, hashes and `prepare`
// inputs are in `@argseal/core/data`; the strict fetch guard, the provenance registry and
// `declareRawTextModel` (application wiring) in `@argseal/core`.

export type { Attempt, PrepareInput, PrepareResult } from '../authorizer/types.js';
export { hasMarker } from '../errors.js';
export { isStandardSchema } from '../tool/define-tool.js';
export { type AdapterErrorDetails, ArgsealAdapterError } from './adapter-error.js';
export type { AdapterOptions, ContextSource } from './adapter-options.js';
export {
  type AdapterRuntime,
  type AdapterRuntimeOptions,
  createAdapterRuntime,
} from './adapter-runtime.js';
export {
  approveProposal,
  editProposal,
  rejectProposal,
} from './decisions/decision-builders.js';
export {
  APPROVAL_REQUEST_KIND,
  type ApprovalRequest,
  type DecisionRefusal,
  type DecisionSet,
  type HumanDecision,
  type PendingCall,
  type ProposalView,
  type ValidDecision,
} from './decisions/types.js';
export type { EditDecision, EditOutcome } from './edit-proposal.js';
export { isRefusalText } from './is-refusal-text.js';
export { type JsonObjectSchema, modelJsonSchema, standardJsonSchema } from './json-schema.js';
export type { RawTextPath } from './raw-text-paths.js';
export {
  makeRefusal,
  type Refusal,
  type RefusalCode,
  refusalText,
  toRefusal,
} from './refusal.js';
export {
  REFUSAL_PLACEHOLDER_KEY,
  readRefusalPlaceholder,
  refusalPlaceholder,
} from './refusal-placeholder.js';
export { standardSchema } from './standard-schema.js';
