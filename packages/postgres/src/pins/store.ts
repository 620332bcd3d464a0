import type { AuditSink } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import type { AuditEvent } from '@argseal/core/store';
import { SqlStoreError } from '../errors.js';
import { type Runner, runnerFor, type SqlQueryable } from '../sql/db.js';
import { toolPinAuditEvent } from './audit.js';
import { assertToolDefinitionDigest } from './digest.js';
import { PIN_COLUMNS, type ToolPinRecord, type ToolPinStatus, toPinRecord } from './rows.js';

/** Which tool a definition belongs to. */
export interface ToolPinKey {
  agent: string;
  server: string;
  tool: string;
}

/** Options of {@link createSqlToolPinStore}. */
export interface SqlToolPinStoreOptions {
  /** Receives one event per decision (built by the caller's `auditEvent`). */
  audit?: AuditSink;
  /** Builds the audit event of a decided record. Default {@link toolPinAuditEvent}. */
  auditEvent?: (record: ToolPinRecord) => AuditEvent;
  generateId?: () => string;
}

/** The SQL tool-pin store; the same contract as `@argseal/mcp`'s `ToolPinStore`. */
export interface SqlToolPinStore {
  observe(
    key: ToolPinKey,
    definition: { definitionHash: string; definitionJson: string },
  ): Promise<{ record: ToolPinRecord; pinned: ToolPinRecord | undefined; changed: boolean }>;
  decide(
    id: string,
    input: { decision: 'approve' | 'reject'; approver: string; note?: string },
  ): Promise<ToolPinRecord>;
  get(id: string): Promise<ToolPinRecord | undefined>;
  list(filter?: {
    status?: ToolPinStatus | 'all';
    agent?: string;
    server?: string;
    limit?: number;
  }): Promise<ToolPinRecord[]>;
}

const T = 'argseal_tool_definitions';
const KEY = 'agent = $1 AND server = $2 AND tool = $3';
const MAX_LIST = 1000;

async function observeOnce(
  runner: Runner,
  key: ToolPinKey,
  d: { definitionHash: string; definitionJson: string },
  id: string,
) {
  return runner.transaction(async (q) => {
    const args = [key.agent, key.server, key.tool];
    const [pinRow] = await q(
      `SELECT ${PIN_COLUMNS} FROM ${T} WHERE ${KEY} AND status = 'approved'`,
      args,
    );
    const pinned = pinRow ? toPinRecord(pinRow) : undefined;
    const [row] = await q(
      `SELECT ${PIN_COLUMNS} FROM ${T} WHERE ${KEY} AND definition_hash = $4 FOR UPDATE`,
      [...args, d.definitionHash],
    );
    if (row && row.status !== 'superseded')
      return { record: toPinRecord(row), pinned, changed: false };
    const previous = pinned?.definitionHash ?? null;
    const rows = row
      ? await q(
          `UPDATE ${T} SET status = 'pending', observed_at = now(), previous_hash = $2,
             decided_by = NULL, decided_at = NULL, note = NULL WHERE id = $1 RETURNING ${PIN_COLUMNS}`,
          [row.id, previous],
        )
      : await q(
          `INSERT INTO ${T} (id, agent, server, tool, definition_hash, definition_json, status, previous_hash)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7) RETURNING ${PIN_COLUMNS}`,
          [id, key.agent, key.server, key.tool, d.definitionHash, d.definitionJson, previous],
        );
    return { record: toPinRecord(rows[0]!), pinned, changed: true };
  });
}

/**
 * MCP tool-definition pins in SQL (table `argseal_tool_definitions`, schema version 3):
 * at most one approved definition per (agent, server, tool), enforced by a partial unique
 * index; `decide` supersedes the old pin and approves the new one in one transaction.
 * `observe` checks the definition text against its hash first ({@link assertToolDefinitionDigest}).
 * Errors: `SqlStoreError` `pin_not_found`, `pin_not_pending`, `invalid_pin_decision`,
 * `invalid_pin_definition`, `definition_hash_mismatch`, or the driver's failure.
 */
export function createSqlToolPinStore(
  db: SqlQueryable,
  options: SqlToolPinStoreOptions = {},
): SqlToolPinStore {
  assertKnownOptions('createSqlToolPinStore', options, ['audit', 'auditEvent', 'generateId']);
  const runner = runnerFor(db);
  const newId = options.generateId ?? (() => crypto.randomUUID());
  return {
    async observe(key, definition) {
      const { name } = await assertToolDefinitionDigest(definition);
      if (name !== key?.tool)
        throw new SqlStoreError('invalid_pin_definition', 'the definition names another tool');
      try {
        return await observeOnce(runner, key, definition, newId());
      } catch (error) {
        // a concurrent observer inserted the same definition first: read theirs
        if ((error as { code?: unknown })?.code !== '23505') throw error;
        return observeOnce(runner, key, definition, newId());
      }
    },
    async decide(id, input) {
      if (input?.decision !== 'approve' && input?.decision !== 'reject') {
        throw new SqlStoreError(
          'invalid_pin_decision',
          'pin decision must be "approve" or "reject"',
        );
      }
      if (
        typeof input.approver !== 'string' ||
        input.approver === '' ||
        input.approver.length > 200
      ) {
        throw new SqlStoreError('invalid_pin_decision', 'pin approver must be 1 to 200 characters');
      }
      const record = await runner.transaction(async (q) => {
        const [row] = await q(`SELECT ${PIN_COLUMNS} FROM ${T} WHERE id = $1 FOR UPDATE`, [id]);
        if (!row) throw new SqlStoreError('pin_not_found', 'no tool definition with this id');
        if (row.status !== 'pending')
          throw new SqlStoreError('pin_not_pending', 'the tool definition is not pending');
        if (input.decision === 'approve') {
          await q(`UPDATE ${T} SET status = 'superseded' WHERE ${KEY} AND status = 'approved'`, [
            row.agent,
            row.server,
            row.tool,
          ]);
        }
        const [updated] = await q(
          `UPDATE ${T} SET status = $2, decided_by = $3, decided_at = now(), note = $4 WHERE id = $1 RETURNING ${PIN_COLUMNS}`,
          [
            id,
            input.decision === 'approve' ? 'approved' : 'rejected',
            input.approver,
            input.note ?? null,
          ],
        );
        return toPinRecord(updated!);
      });
      await options.audit?.append((options.auditEvent ?? toolPinAuditEvent)(record));
      return record;
    },
    async get(id) {
      const [row] = await runner.query(`SELECT ${PIN_COLUMNS} FROM ${T} WHERE id = $1`, [id]);
      return row ? toPinRecord(row) : undefined;
    },
    async list(filter = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (filter.status && filter.status !== 'all') add('status = ?', filter.status);
      if (filter.agent !== undefined) add('agent = ?', filter.agent);
      if (filter.server !== undefined) add('server = ?', filter.server);
      const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? MAX_LIST)), MAX_LIST);
      const rows = await runner.query(
        `SELECT ${PIN_COLUMNS} FROM ${T}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ${limit}`,
        params,
      );
      return rows.map(toPinRecord);
    },
  };
}
