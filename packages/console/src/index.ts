export { createConsoleApprovalStore } from './client/approval-store.js';
export { createConsoleAuditSink } from './client/audit-sink.js';
export type { ConsoleClientOptions } from './client/http-client.js';
export { createConsolePinStore } from './client/pin-store.js';
export { type ConsoleServerOptions, createConsoleServer } from './create-console-server.js';
export { ConsoleError, type ConsoleErrorCode } from './errors.js';
export type { HttpErrorCode } from './http-error-codes.js';
export type { ErrorBody } from './http-errors.js';
export type { DefinitionDiff, FieldDiff } from './pins/definition-diff.js';
export type { ConsolePinStore } from './pins/pin-errors.js';
export type { DiffPart } from './pins/token-diff.js';
export type { ProposalView } from './proposal-view.js';
export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  type RunningConsole,
  type StartConsoleOptions,
  startConsole,
} from './start-console.js';
export {
  type ConsoleStorage,
  type ConsoleStorageKind,
  type ConsoleStorageOptions,
  DEFAULT_DATA_DIR,
  openConsoleStorage,
} from './storage.js';
export { MIN_TOKEN_LENGTH, type TokenInput } from './tokens.js';
export { signWebhook, type WebhookOptions } from './webhook.js';
