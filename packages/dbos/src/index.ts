export { DbosApprovalError, type DbosApprovalErrorCode } from './errors.js';
export { type DbosWakeOptions, openDbosWake } from './open-wake.js';
export {
  createDbosApprovals,
  type DbosApprovals,
  type DbosApprovalsOptions,
  type DbosCallOptions,
} from './sealed-workflow.js';
export {
  createDbosLedger,
  type DbosLedger,
  type DbosLedgerOptions,
  type LedgerQueryable,
} from './sql-ledger.js';
export { type DecisionMessage, decisionTopic } from './topic.js';
export { type WakeOptions, type WorkflowMessenger, wakeWorkflowsOnDecide } from './wake.js';
