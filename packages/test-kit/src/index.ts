export type {
  AdapterHarness,
  AdapterSession,
  AdapterSessionInit,
  HarnessJson,
  HarnessModelResult,
  HarnessRunOutcome,
  ResumeOptions,
  ScriptedToolCall,
  ScriptedTurn,
} from './adapter-harness.js';
export {
  describeAdapterContract,
  REFUND_APPROVAL_REASON,
  REFUND_APPROVAL_THRESHOLD,
  SUITE_AGENT,
  WIPE_DENY_REASON,
} from './adapter-suite.js';
export { describePostgres } from './describe-postgres.js';
export { scalingRatio } from './scaling.js';
export { ENABLE, noteSkip, type SkipNote } from './skip-note.js';
export {
  type ApprovalStoreFixture,
  type AuditSinkFixture,
  describeApprovalStoreContract,
  describeAuditSinkContract,
  expectCode,
  makeProposal,
  sameCall,
} from './store-suite.js';
