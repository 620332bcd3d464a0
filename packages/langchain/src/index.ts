export {
  APPROVAL_REQUEST_KIND,
  type ArgsealApprovalRequest,
  type ArgsealDecision,
  type ArgsealProposalView,
  type ArgsealRefusal,
  type ArgsealResume,
} from './approval-types.js';
export { ArgsealLangChainError, type ArgsealLangChainErrorCode } from './errors.js';
export type { LangChainHost } from './host.js';
export { type ArgsealMiddlewareOptions, argsealMiddleware } from './middleware.js';
export { approve, edit, getApprovalRequest, reject, resumeWith } from './resume.js';
export {
  type ContextResolver,
  SealedTool,
  type SealToolOptions,
  sealTool,
} from './seal-tool.js';
export type { SealableTool } from './sealable.js';
