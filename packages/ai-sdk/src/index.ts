export { createAuthorizer, type ToolPolicy } from '@argseal/core';
export type { ApproveOptions, PendingApproval, RejectOptions } from './approvals.js';
export { ArgsealAiSdkError, type ArgsealAiSdkErrorCode } from './errors.js';
export type { SealableTool } from './normalize-tool.js';
export { type SealedTools, type SealToolsOptions, sealTools } from './seal-tools.js';
