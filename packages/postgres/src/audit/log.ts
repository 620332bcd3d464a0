import { assertKnownOptions } from '@argseal/core';
import {
  type AuditEvent,
  type AuditHead,
  type AuditRecord,
  type AuditStreamHead,
  type AuditStreamSink,
  decodeCanonical,
  type Sha256Hex,
  sha256Hex,
} from '@argseal/core/store';
import { SqlStoreError, toSqlStoreError } from '../errors.js';
import { runnerFor, type SqlQueryable } from '../sql/db.js';
import { type BatchLimits, createChainWriter } from './batch.js';
import { createDbClock } from './chain.js';
import { STREAM_HEADS, toStreamHeads, writeCheckpoint } from './checkpoint.js';
import { ROOT_CHAIN, STREAM_CHAIN } from './sql.js';
import { type AuditStreamOption, streamKeyOf } from './stream-key.js';
import { createStreamsWriter } from './streams-writer.js';
import { recordTemplate } from './template.js';

/**
 * The SQL audit sink returned by {@link createSqlAuditLog}: a core `AuditSink` whose
 * `records` can page through the chain.
 */
export interface SqlAuditLog extends AuditStreamSink {
  /**
   * Records with `seq >= fromSeq`, in chain order, at most `limit` of them: of the main
   * chain, or of one audit stream's chain with `stream`.
   */
  records(options?: { fromSeq?: number; limit?: number; stream?: string }): Promise<AuditRecord[]>;
  /**
   * Appends a `checkpoint` record to the main chain binding the current head of every
   * audit stream (see `verifyAuditStreams`); resolves to it, or to undefined when no
   * stream has records.
   */
  checkpoint(): Promise<AuditRecord | undefined>;
  /**
   * The head row (`argseal_audit_head`): the chain's length and last hash as the appender
   * moved them, in the same statement as each insert. Deleting records from
   * `argseal_audit` leaves it ahead, so `verifyAuditLog(sink)` reports `truncated`.
   */
  head(): Promise<AuditHead>;
  /**
   * Writes every record still waiting (see `executedLingerMs`) and resolves once every
   * append made so far settled (durable or rejected); call it before closing the database.
   */
  flush(): Promise<void>;
  /**
   * Appends made in one tick share a batch and keep their call order; appends made while
   * a statement is in flight go out together in a later one (group commit).
   */
  readonly pipelining: 'batched';
  /**
   * `'prefix'` (see `AuditSink.durability`): once a batch fails, every append made before
   * the failure was reported that is not yet durable rejects with the same error (batches
   * behind it are never rehashed and written; with `stream`, per stream), so the pipeline
   * issues a call's `proposed` and `decided` records together (one statement). Absent when
   * `stream` is a function: one call's records could go to different streams.
   */
  readonly durability?: 'prefix';
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
  /**
   * Longest (ms, default 0: never) an `executed` record waits for another append to share
   * its statement; any other record releases it at once. For a writer that answers before
   * the `executed` record is durable (the MCP proxy): a call's `executed` then rides in
   * the next call's statement. Appends resolve only once their records are durable, so
   * whoever awaits one waits that long more. Reads (`records`, `head`, `streams`,
   * `checkpoint`) first write what waits.
   */
  executedLingerMs?: number;
  /**
   * Audit streams: the partition key of each event (`'agent'` for `event.agent`, or a
   * function). Events with a key go to that stream's own chain and head row, so writers
   * of different streams never wait for each other; events without one (undefined) go
   * to the main chain. Default: no streams, every event in the main chain.
   */
  stream?: AuditStreamOption;
  /**
   * With `stream`: after this many stream records written by this log, append a
   * checkpoint to the main chain (default 1000; 0 = only when `checkpoint()` is called).
   */
  checkpointEvery?: number;
}

const MAX_BATCH_BYTES = 1 << 20;
/** Statements of one writer in flight at once on a pool (each on its own connection). */
const POOL_DEPTH = 8;

function batchLimits(options: SqlAuditLogOptions, serial: boolean): BatchLimits {
  const maxRecords = options.maxBatchRecords ?? 256;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1 || maxRecords > 10_000) {
    throw new SqlStoreError(
      'invalid_option',
      'createSqlAuditLog: maxBatchRecords must be an integer from 1 to 10000',
    );
  }
  const linger = options.executedLingerMs ?? 0;
  if (!Number.isSafeInteger(linger) || linger < 0 || linger > 1000) {
    throw new SqlStoreError(
      'invalid_option',
      'createSqlAuditLog: executedLingerMs must be an integer from 0 to 1000',
    );
  }
  return {
    maxRecords,
    maxBytes: MAX_BATCH_BYTES,
    depth: serial ? 1 : POOL_DEPTH,
    executedLingerMs: linger,
  };
}

function checkpointInterval(options: SqlAuditLogOptions): number {
  const every = options.checkpointEvery ?? 1000;
  if (!Number.isSafeInteger(every) || every < 0) {
    throw new SqlStoreError(
      'invalid_option',
      'createSqlAuditLog: checkpointEvery must be a non-negative integer',
    );
  }
  return every;
}

/**
 * Refuses what {@link createSqlAuditLog} would refuse, before a database is opened:
 * `unknown_option`, or `invalid_option` for a bad value.
 */
export function assertSqlAuditLogOptions(options: SqlAuditLogOptions): void {
  assertKnownOptions('createSqlAuditLog', options, [
    'sha256',
    'maxBatchRecords',
    'executedLingerMs',
    'stream',
    'checkpointEvery',
  ]);
  batchLimits(options, true);
  if (options.sha256 !== undefined && typeof options.sha256 !== 'function') {
    throw new SqlStoreError('invalid_option', 'createSqlAuditLog: sha256 must be a function');
  }
  streamKeyOf(options.stream);
  checkpointInterval(options);
}

/**
 * A hash-chained `AuditSink` in SQL. Appends from any number of connections or
 * processes form one linear chain that `verifyAuditChain` accepts: appends waiting in
 * this process are written as one batch (one statement that moves the head row only if
 * it is still where the batch was hashed from, else a retry under the head's row lock).
 * With `stream`, appends to different streams share statements (each stream's records
 * hashed from its known head; see `createStreamsWriter`).
 * Events are validated and serialized before the head is read; only the three chain
 * fields and the hashes are computed after. Hashes equal core's `computeAuditHash`.
 */
export function createSqlAuditLog(db: SqlQueryable, options: SqlAuditLogOptions = {}): SqlAuditLog {
  assertSqlAuditLogOptions(options);
  const runner = runnerFor(db);
  const limits = batchLimits(options, runner.serial);
  let pipelineSha256: Sha256Hex | undefined;
  const digest = () => options.sha256 ?? pipelineSha256 ?? sha256Hex;
  const streamKey = streamKeyOf(options.stream);
  const every = checkpointInterval(options);
  const clock = createDbClock();
  const root = createChainWriter(runner, ROOT_CHAIN, [], limits, digest, clock);
  /** Single-stream writers, for streams whose head another writer moved. */
  const alone = new Map<string, ReturnType<typeof createChainWriter>>();
  const streams = createStreamsWriter(runner, limits, digest, clock, (key, template) =>
    streamWriter(key).append(template),
  );
  let sinceCheckpoint = 0;

  async function readStreamHeads(): Promise<AuditStreamHead[]> {
    return toStreamHeads(await runner.query(STREAM_HEADS));
  }

  function checkpoint(): Promise<AuditRecord | undefined> {
    return writeCheckpoint(runner, clock, digest());
  }

  async function flush(): Promise<void> {
    await Promise.all([root.flush(), streams.flush()]);
  }

  /** Before a read: with lingering records, write what waits first. */
  const settle = limits.executedLingerMs > 0 ? flush : async () => {};

  function streamWriter(key: string) {
    let writer = alone.get(key);
    if (!writer) {
      // records handed over from the streams writer already waited
      const handed = { ...limits, executedLingerMs: 0 };
      writer = createChainWriter(runner, STREAM_CHAIN, [key], handed, digest, clock);
      alone.set(key, writer);
    }
    return writer;
  }

  return {
    pipelining: 'batched',
    ...(typeof options.stream === 'function' ? {} : { durability: 'prefix' as const }),
    async append(event: AuditEvent, appendOptions?: { sha256?: Sha256Hex }) {
      if (typeof event === 'object' && event !== null && event.type === 'checkpoint') {
        throw new SqlStoreError(
          'invalid_audit_event',
          'append: checkpoint records are written by the log (checkpoint())',
        );
      }
      const key = streamKey(event);
      const template = recordTemplate(event, key === undefined ? undefined : { stream: key });
      if (typeof appendOptions?.sha256 === 'function') pipelineSha256 = appendOptions.sha256;
      if (key === undefined) return root.append(template);
      const record = await streams.append(key, template);
      if (every > 0 && ++sinceCheckpoint >= every) {
        sinceCheckpoint = 0;
        // a failed checkpoint does not fail the append; the next one binds the heads
        checkpoint().catch(() => undefined);
      }
      return record;
    },

    async checkpoint() {
      await settle();
      return checkpoint();
    },

    flush,

    async streams() {
      await settle();
      try {
        return await readStreamHeads();
      } catch (error) {
        throw toSqlStoreError(error, 'streams');
      }
    },

    async head() {
      await settle();
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
      await settle();
      try {
        const rows =
          query.stream === undefined
            ? await runner.query(
                `SELECT body, hash FROM argseal_audit WHERE seq >= $1 ORDER BY seq LIMIT $2::bigint`,
                [query.fromSeq ?? 0, query.limit ?? null],
              )
            : await runner.query(
                `SELECT body, hash FROM argseal_audit_stream_records
                  WHERE stream = $3 AND seq >= $1 ORDER BY seq LIMIT $2::bigint`,
                [query.fromSeq ?? 0, query.limit ?? null, String(query.stream)],
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
