export {
  isRefusalText as isArgsealRefusal,
  type JsonObjectSchema,
  REFUSAL_PLACEHOLDER_KEY as INVALID_ARGUMENTS_KEY,
} from '@argseal/core/kit';
export { type AgentsToolSource, getAgentsToolSource, tool } from './agents-tool.js';
export type { PendingApproval } from './approvals.js';
export type { EditOptions, EditResult } from './edit.js';
export { ArgsealAgentsError, type ArgsealAgentsErrorCode } from './errors.js';
export type { SealableTool, SealToolOptions } from './resolve-tool.js';
export {
  type AgentsSeal,
  type AgentsSealOptions,
  createAgentsSeal,
  type DecideOptions,
  type RejectOptions,
} from './seal.js';
export { isSealedTool } from './tool-seam.js';
