// `@argseal/postgres/lock`: the embedded-store lock alone, without PGlite or the SQL store,
// for short-lived processes (the Claude Code / Codex hook) that only need to take turns
// with the MCP proxy and the console on an embedded data directory.
export { acquireEmbeddedLock, type HeldEmbeddedLock } from './embedded/lock.js';
export { SqlStoreError } from './errors.js';
