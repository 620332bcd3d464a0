import type { AuditHead } from '@argseal/core';
import { type Sha256Hex, sha256Hex } from '@argseal/core';
import {
  type AuditEvent,
  type AuditRecord,
  type AuditSink,
  decodeCanonical,
} from '@argseal/core/store';
import { type BatchLimits, createChainWriter } from './audit-batch.js';
import { ROOT_CHAIN } from './audit-sql.js';
import { recordTemplate } from './audit-template.js';
import { SqlStoreError, toSqlStoreError } from './errors.js';
import { runnerFor, type SqlQueryable } from './sql-db.js';

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

/** Options of {@link createSqlAuditLog}. */
export interface SqlAuditLogOptions {
  /**
   * SHA-256 implementation of the chain (same output as any other). Default: the one
   * the pipeline passes with each event (its `sha256` option), else core's default.
   */
  sha256?: Sha256Hex;
  /**
   * Most records written by one statement (default 256). Appends waiting while a batch
   * is written go out together as the next batch.
   */
  maxBatchRecords?: number;
}

const MAX_BATCH_BYTES = 1 << 20;

function batchLimits(options: SqlAuditLogOptions): BatchLimits {
  const maxRecords = options.maxBatchRecords ?? 256;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1 || maxRecords > 10_000) {
    throw new SqlStoreError(
      'invalid_option',
      'createSqlAuditLog: maxBatchRecords must be an integer from 1 to 10000',
    );
  }
  return { maxRecords, maxBytes: MAX_BATCH_BYTES };
}

/**
 * A hash-chained `AuditSink` in SQL. Appends from any number of connections or
 * processes form one linear chain that `verifyAuditChain` accepts: appends waiting in
 * this process are written as one batch (one statement that moves the head row only if
 * it is still where the batch was hashed from, else a retry under the head's row lock).
 * Events are validated and serialized before the head is read; only the three chain
 * fields and the hashes are computed after. Hashes equal core's `computeAuditHash`.
 */
export function createSqlAuditLog(db: SqlQueryable, options: SqlAuditLogOptions = {}): SqlAuditLog {
  const runner = runnerFor(db);
  const limits = batchLimits(options);
  if (options.sha256 !== undefined && typeof options.sha256 !== 'function') {
    throw new SqlStoreError('invalid_option', 'createSqlAuditLog: sha256 must be a function');
  }
  let pipelineSha256: Sha256Hex | undefined;
  const digest = () => options.sha256 ?? pipelineSha256 ?? sha256Hex;
  const root = createChainWriter(runner, ROOT_CHAIN, [], limits, digest);
  return {
    async append(event: AuditEvent, appendOptions?: { sha256?: Sha256Hex }) {
      const template = recordTemplate(event);
      if (typeof appendOptions?.sha256 === 'function') pipelineSha256 = appendOptions.sha256;
      return root.append(template);
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

    async records(query = {}) {
      try {
        const rows = await runner.query(
          `SELECT body, hash FROM argseal_audit WHERE seq >= $1 ORDER BY seq LIMIT $2::bigint`,
          [query.fromSeq ?? 0, query.limit ?? null],
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
