export { createAuthorizer, type ToolPolicy } from '@argseal/core';
export {
  isRefusalText as isArgsealRefusal,
  type JsonObjectSchema,
  REFUSAL_PLACEHOLDER_KEY as INVALID_ARGUMENTS_KEY,
} from '@argseal/core/kit';
export { ArgsealAgentsError, type ArgsealAgentsErrorCode } from './errors.js';
export { createAgentsSeal } from './seal.js';
export {
  type AgentsToolSource,
  getAgentsToolSource,
  type SealableTool,
  type SealToolOptions,
  tool,
} from './sealable-tool.js';
export { isSealedTool } from './tool-seam.js';
export type {
  AgentsSeal,
  AgentsSealOptions,
  DecideOptions,
  EditOptions,
  EditResult,
  PendingApproval,
  RejectOptions,
  SealedFunctionTool,
} from './types.js';
