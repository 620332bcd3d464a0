export { createSqlApprovalStore, type SqlApprovalStoreOptions } from './approval-store.js';
export { createSqlAuditLog, type SqlAuditLog, type SqlAuditLogOptions } from './audit-log.js';
export type { AuditStreamOption } from './audit-stream-key.js';
export {
  type EmbeddedDatabase,
  type EmbeddedDatabaseOptions,
  openEmbeddedDatabase,
} from './embedded.js';
export {
  acquireEmbeddedLock,
  type HeldEmbeddedLock,
} from './embedded-lock.js';
export { createEmbeddedDirectory, type EmbeddedTemplate } from './embedded-template.js';
export { SqlStoreError, type SqlStoreErrorCode } from './errors.js';
export {
  createSqlExecutionLedger,
  type SqlExecutionLedger,
  type SqlExecutionLedgerOptions,
} from './execution-ledger.js';
export { assertSchemaCurrent, getSchemaVersion, type MigrateResult, migrate } from './migrate.js';
export { MIGRATIONS, type Migration, SCHEMA_VERSION } from './migrations.js';
export {
  type OpenStoresOptions,
  openStores,
  type SqlStores,
  type StoresLocation,
} from './open-stores.js';
export {
  openSharedEmbeddedDatabase,
  type SharedEmbeddedOptions,
} from './shared-embedded.js';
export type { SqlQueryable } from './sql-db.js';
export { toolPinAuditEvent } from './tool-pin-audit.js';
export {
  assertToolDefinitionDigest,
  MAX_TOOL_DEFINITION_LENGTH,
  PINNED_TOOL_FIELDS,
} from './tool-pin-digest.js';
export type { ToolPinRecord, ToolPinStatus } from './tool-pin-rows.js';
export {
  createSqlToolPinStore,
  type SqlToolPinStore,
  type SqlToolPinStoreOptions,
  type ToolPinKey,
} from './tool-pin-store.js';
