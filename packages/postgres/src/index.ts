export { createSqlApprovalStore, type SqlApprovalStoreOptions } from './approval-store.js';
export { createSqlAuditLog, type SqlAuditLog } from './audit-log.js';
export { openEmbeddedDatabase } from './embedded.js';
export { SqlStoreError } from './errors.js';
export { assertSchemaCurrent, getSchemaVersion, migrate, type MigrateResult } from './migrate.js';
export { MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations.js';
export type { SqlQueryable } from './sql-db.js';
