// What adapter authors need: the adapter runtime (options, tools, hand-over ledger, raw-text
// table, decision helpers), attempts, refusals, schemas and the adapter error base. Strict
// JSON, canonical text, snapshots, pointers, hashes and `prepare` inputs are in
// `@argseal/core/data`; what applications wire or answer (the strict fetch guard, the
// provenance registry, `declareRawTextModel`, approval requests and human decisions) in
// `@argseal/core`.

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
export type { PendingCall, ValidDecision } from './decisions/types.js';
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
