// `@argseal/console/client`: the agent-side HTTP clients alone, without the server (Hono,
// PGlite, the page), for short-lived processes such as the Claude Code / Codex hook.
export { createConsoleApprovalStore } from './client/approval-store.js';
export { createConsoleAuditSink } from './client/audit-sink.js';
export type { ConsoleClientOptions } from './client/http-client.js';
