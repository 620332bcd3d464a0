export { createSqlApprovalStore, type SqlApprovalStoreOptions } from './approvals/store.js';
export { createSqlAuditLog, type SqlAuditLog, type SqlAuditLogOptions } from './audit/log.js';
export type { AuditStreamOption } from './audit/stream-key.js';
export {
  type EmbeddedDatabase,
  type EmbeddedDatabaseOptions,
  openEmbeddedDatabase,
} from './embedded/database.js';
export {
  acquireEmbeddedLock,
  type HeldEmbeddedLock,
} from './embedded/lock.js';
export {
  openSharedEmbeddedDatabase,
  type SharedEmbeddedOptions,
} from './embedded/shared.js';
export { createEmbeddedDirectory, type EmbeddedTemplate } from './embedded/template.js';
export { SqlStoreError, type SqlStoreErrorCode } from './errors.js';
export {
  createSqlExecutionLedger,
  type SqlExecutionLedger,
  type SqlExecutionLedgerOptions,
} from './ledger/execution-ledger.js';
export {
  type OpenStoresOptions,
  openStores,
  type SqlStores,
  type StoresLocation,
} from './open-stores.js';
export { toolPinAuditEvent } from './pins/audit.js';
export {
  assertToolDefinitionDigest,
  MAX_TOOL_DEFINITION_LENGTH,
  PINNED_TOOL_FIELDS,
} from './pins/digest.js';
export type { ToolPinRecord, ToolPinStatus } from './pins/rows.js';
export {
  createSqlToolPinStore,
  type SqlToolPinStore,
  type SqlToolPinStoreOptions,
  type ToolPinKey,
} from './pins/store.js';
export {
  assertSchemaCurrent,
  getSchemaVersion,
  type MigrateResult,
  migrate,
} from './schema/migrate.js';
export { MIGRATIONS, type Migration, SCHEMA_VERSION } from './schema/migrations.js';
export type { SqlQueryable } from './sql/db.js';
