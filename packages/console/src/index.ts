export { ConsoleError } from './errors.js';
export { createConsoleServer, type ConsoleServerOptions } from './create-console-server.js';
export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  startConsole,
  type RunningConsole,
  type StartConsoleOptions,
} from './start-console.js';
export {
  DEFAULT_DATA_DIR,
  openConsoleStorage,
  type ConsoleStorage,
  type ConsoleStorageKind,
  type ConsoleStorageOptions,
} from './storage.js';
export { CONSOLE_USAGE, runConsoleCli, type ConsoleCliIo } from './cli.js';
export { createConsoleApprovalStore } from './client/approval-store.js';
export { createConsoleAuditSink } from './client/audit-sink.js';
export type { ConsoleClientOptions } from './client/http-client.js';
export { MIN_TOKEN_LENGTH, type TokenInput } from './tokens.js';
export {
  ENV_AGENT_TOKENS,
  ENV_APPROVER_TOKENS,
  ENV_CONFIG_FILE,
  readTokenConfig,
  resolveConsoleTokens,
} from './token-config.js';
export { CONTENT_SECURITY_POLICY } from './security-headers.js';
export { CSRF_HEADER } from './auth.js';
export { SESSION_COOKIE } from './sessions.js';
export type { ProposalView } from './proposal-view.js';
export type { ErrorBody } from './http-errors.js';
