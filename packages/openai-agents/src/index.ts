export { type AgentsToolSource, getAgentsToolSource, tool } from './agents-tool.js';
export type { PendingApproval } from './approvals.js';
export { ArgsealAgentsError } from './errors.js';
export { INVALID_ARGUMENTS_KEY } from './invalid-marker.js';
export type { JsonObjectSchema } from './json-schema.js';
export { isArgsealRefusal } from './refusal.js';
export type { SealableTool, SealToolOptions } from './resolve-tool.js';
export {
  type AgentsSeal,
  type AgentsSealOptions,
  createAgentsSeal,
  type DecideOptions,
  type RejectOptions,
} from './seal.js';
export { isSealedTool } from './tool-seam.js';
