export {
  APPROVAL_REQUEST_KIND,
  type ApprovalRequest as ArgsealApprovalRequest,
  approveProposal as approve,
  createAuthorizer,
  type DecisionRefusal as ArgsealRefusal,
  type DecisionSet as ArgsealResume,
  editProposal as edit,
  type HumanDecision as ArgsealDecision,
  type ProposalView as ArgsealProposalView,
  rejectProposal as reject,
  type ToolPolicy,
} from '@argseal/core';
export { ArgsealLangChainError, type ArgsealLangChainErrorCode } from './errors.js';
export type { LangChainHost } from './host.js';
export { type ArgsealMiddlewareOptions, argsealMiddleware } from './middleware.js';
export { approveAll, getApprovalRequest, resumeWith } from './resume.js';
export { MEMORY_CHECKPOINTER_WARNING, type SealAgentOptions, sealAgent } from './seal-agent.js';
export {
  type ContextResolver,
  SealedTool,
  type SealToolOptions,
  sealTool,
} from './seal-tool.js';
export type { SealableTool } from './sealable.js';
