export {
  WorkflowApprovalError,
  type WorkflowApprovalErrorCode,
} from './errors.js';
export { type DecisionMessage, decisionHookToken } from './hook-token.js';
export { registerSealedTools, type SealedTools, type SealedToolsOptions } from './register.js';
export { callSealedTool, type SealedCallOptions } from './sealed-call.js';
export { createMemoryWaitIndex, type WaitIndex } from './wait-index.js';
export { type HookResumer, type WakeHooksOptions, wakeHooksOnDecide } from './wake.js';
