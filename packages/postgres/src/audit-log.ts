import {
  type AuditEvent,
  type AuditHead,
  type AuditRecord,
  type AuditSink,
  auditRecordBody,
  canonicalize,
  computeAuditHash,
  decodeCanonical,
  type JsonValue,
} from '@argseal/core';
import { SqlStoreError, toSqlStoreError } from './errors.js';
import { runnerFor, type SqlQueryable } from './sql-db.js';
import { iso } from './sql-text.js';

/** Locks the single head row: appenders on every connection queue here, so the chain never forks. */
const LOCK_HEAD = `SELECT next_seq, hash, ${iso('clock_timestamp()')} AS at
  FROM argseal_audit_head WHERE id = 1 FOR UPDATE`;

/** Writes the record and moves the head in one statement (one round trip under the lock). */
const WRITE_RECORD = `WITH inserted AS (
    INSERT INTO argseal_audit (seq, at, prev_hash, hash, type, proposal_hash, body)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    RETURNING seq, hash
  )
  UPDATE argseal_audit_head SET next_seq = inserted.seq + 1, hash = inserted.hash
  FROM inserted WHERE argseal_audit_head.id = 1`;

/**
 * The SQL audit sink returned by {@link createSqlAuditLog}: a core `AuditSink` whose
 * `records` can page through the chain.
 */
export interface SqlAuditLog extends AuditSink {
  /** Records with `seq >= fromSeq`, in chain order, at most `limit` of them. */
  records(options?: { fromSeq?: number; limit?: number }): Promise<AuditRecord[]>;
  /**
   * The head row (`argseal_audit_head`): the chain's length and last hash as the appender
   * moved them, in the same statement as each insert. Deleting records from
   * `argseal_audit` leaves it ahead, so `verifyAuditLog(sink)` reports `truncated`.
   */
  head(): Promise<AuditHead>;
}

function recordBody(event: AuditEvent, seq: number, at: string, prevHash: string) {
  if (typeof event !== 'object' || event === null || typeof event.type !== 'string') {
    throw new SqlStoreError('invalid_audit_event', 'append: expected an audit event with a type');
  }
  return auditRecordBody(event, seq, at, prevHash);
}

/**
 * A hash-chained `AuditSink` in SQL. Appends from any number of connections or
 * processes are serialized by a row lock on the chain head, inside one transaction,
 * so the chain stays linear and `verifyAuditChain` passes. Hashes are computed with
 * core's `computeAuditHash`, identical to the memory log.
 */
export function createSqlAuditLog(db: SqlQueryable): SqlAuditLog {
  const runner = runnerFor(db);
  return {
    async append(event) {
      let canonicalEvent: string;
      try {
        canonicalEvent = canonicalize(recordBody(event, 0, '', '') as unknown as JsonValue);
      } catch (error) {
        if (SqlStoreError.isInstance(error)) throw error;
        throw new SqlStoreError('invalid_audit_event', 'append: the event is not JSON data', {
          cause: error,
        });
      }
      const cleanEvent = decodeCanonical(canonicalEvent) as unknown as AuditEvent;
      try {
        return await runner.transaction(async (query) => {
          const [head] = await query(LOCK_HEAD);
          if (!head)
            throw new SqlStoreError(
              'schema_not_migrated',
              'append: audit head row missing; run migrate(db)',
            );
          const seq = Number(head.next_seq);
          const record = recordBody(cleanEvent, seq, String(head.at), String(head.hash));
          const hash = await computeAuditHash(record.prevHash, record);
          const body = canonicalize(record as unknown as JsonValue);
          await query(WRITE_RECORD, [
            seq,
            record.at,
            record.prevHash,
            hash,
            record.type,
            record.proposalHash ?? null,
            body,
          ]);
          return { ...record, hash } as AuditRecord;
        });
      } catch (error) {
        throw toSqlStoreError(error, 'append');
      }
    },

    async head() {
      try {
        const [row] = await runner.query(
          'SELECT next_seq, hash FROM argseal_audit_head WHERE id = 1',
        );
        if (!row)
          throw new SqlStoreError(
            'schema_not_migrated',
            'head: audit head row missing; run migrate(db)',
          );
        return { length: Number(row.next_seq), hash: String(row.hash) };
      } catch (error) {
        throw toSqlStoreError(error, 'head');
      }
    },

    async records(options = {}) {
      try {
        const rows = await runner.query(
          `SELECT body, hash FROM argseal_audit WHERE seq >= $1 ORDER BY seq LIMIT $2::bigint`,
          [options.fromSeq ?? 0, options.limit ?? null],
        );
        return rows.map((row) => ({
          ...(decodeCanonical(String(row.body)) as unknown as AuditRecord),
          hash: String(row.hash),
        }));
      } catch (error) {
        throw toSqlStoreError(error, 'records');
      }
    },
  };
}
