import type { AuditSink } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import { createSqlToolPinStore, type SqlQueryable } from '@argseal/postgres';
import type { ToolPinStore } from './types.js';
import { assertObservation, assertPinDecision } from './validate.js';

/**
 * A {@link ToolPinStore} in SQL: `@argseal/postgres`'s `argseal_tool_definitions` table on
 * PostgreSQL (`pg` Pool) or embedded PGlite, migrated by `migrate(db)`. Decisions are
 * audited to `audit`.
 */
export function sqlPinStore(db: SqlQueryable, options: { audit?: AuditSink } = {}): ToolPinStore {
  assertKnownOptions('sqlPinStore', options, ['audit']);
  const sql = createSqlToolPinStore(db, { audit: options.audit });
  return {
    async observe(key, definition) {
      assertObservation(key, definition);
      return sql.observe(key, definition);
    },
    async decide(id, input) {
      assertPinDecision(input);
      return sql.decide(id, input);
    },
    get: (id) => sql.get(id),
    list: (filter) => sql.list(filter),
  };
}
