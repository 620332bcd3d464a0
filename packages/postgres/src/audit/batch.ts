import type { AuditRecord, Sha256Hex } from '@argseal/core/store';
import { SqlStoreError, toSqlStoreError } from '../errors.js';
import type { QueryFn, Row, Runner } from '../sql/db.js';
import { type Chained, chainFrom, type DbClock, headAfter, toRecord } from './chain.js';
import { createAppendQueue, type QueuedAppend, type QueueLimits } from './queue.js';
import type { ChainStatements } from './sql.js';
import type { RecordTemplate } from './template.js';

/** How one chain's appends are batched. */
export interface BatchLimits extends QueueLimits {
  /**
   * Statements in flight at once: 1 on a handle that runs one statement at a time (appends
   * waiting meanwhile share the next one: group commit), more on a pool.
   */
  depth: number;
}

interface Head {
  length: number;
  hash: string;
  at: string;
}

function toHead(row: Row | undefined): Head {
  if (!row)
    throw new SqlStoreError(
      'schema_not_migrated',
      'append: audit head row missing; run migrate(db)',
    );
  return { length: Number(row.next_seq), hash: String(row.hash), at: String(row.at) };
}

/**
 * Appends batches to one chain. Appends that arrive while batches are being written wait
 * and go out together as the next batch (group commit; with `executedLingerMs`, an
 * `executed` record alone waits that long for company). A batch is hashed in JavaScript from the head
 * the previous batch will leave (read once, then known), and written by one statement
 * that moves the head row only if it is exactly there and inserts every record
 * (autocommit: the head row is locked only while that statement runs). Up to
 * `depth` batches are in flight (one on a serial handle); a batch can only land on the head the batch
 * before it leaves, so one that reached PostgreSQL first is sent again once its
 * predecessor settled, and appends keep their order. If another connection or process
 * moved the head, the statement inserts nothing and the batch is rehashed under
 * `SELECT ... FOR UPDATE` in a transaction, after the batches before it settled. Records and hashes are exactly those of one-by-one appends.
 * Prefix durability: once a batch fails, every append made before that failure was
 * reported and not yet durable (batches in flight behind it, appends waiting) rejects
 * with the same error, never rehashed behind it; appends made after start fresh from
 * the head read again.
 * `at` is the database clock, estimated from the clock each statement returns (never
 * earlier than the previous record's).
 */
export function createChainWriter(
  runner: Runner,
  sql: ChainStatements,
  keyParams: readonly unknown[],
  limits: BatchLimits,
  sha256: () => Sha256Hex,
  clock: DbClock,
) {
  const queue = createAppendQueue(limits, () => kick());
  /** The head after every batch sent so far (undefined: read it first). */
  let expected: Head | undefined;
  let inFlight = 0;
  /** A batch is being hashed: the next one must wait for the head it leaves. */
  let hashing = false;
  let settled: Promise<void> = Promise.resolve();
  /** Failures reported so far (a batch launched before one never lands behind it), the last. */
  let failures = 0;
  let lastFailure: unknown;

  function hashFrom(batch: readonly QueuedAppend[], head: Head): Promise<Chained> {
    return chainFrom(
      batch.map((p) => p.template),
      head,
      clock.next(),
      sha256(),
    );
  }

  const leaves = (head: Head, c: Chained): Head => ({ ...headAfter(head, c), at: c.at });

  async function write(query: QueryFn, batch: QueuedAppend[], head: Head, c: Chained) {
    const sentAt = Date.now();
    const [row] = await query(sql.write, [
      head.length,
      head.hash,
      head.length + batch.length,
      c.hashes[c.hashes.length - 1],
      c.at,
      c.prevs,
      c.hashes,
      batch.map((p) => p.template.type),
      batch.map((p) => p.template.proposalHash),
      c.bodies,
      ...keyParams,
    ]);
    if (row?.at !== undefined) clock.observe(String(row.at), sentAt);
    return Number(row?.n) === batch.length;
  }

  async function readHead(query: QueryFn, text: string): Promise<Head> {
    const sentAt = Date.now();
    let [row] = await query(text, [...keyParams]);
    if (!row && sql.createHead) {
      await query(sql.createHead, [...keyParams]);
      [row] = await query(text, [...keyParams]);
    }
    const head = toHead(row);
    clock.observe(head.at, sentAt);
    return head;
  }

  function resolveAll(batch: QueuedAppend[], c: Chained): void {
    for (let i = 0; i < batch.length; i++) (batch[i] as QueuedAppend).resolve(toRecord(c, i));
  }

  /**
   * Another writer moved the head: rehash and write the batch under the head's row lock
   * (`expected` stays unknown, so new batches wait for every batch in flight).
   */
  async function underLock(batch: QueuedAppend[]): Promise<void> {
    const { head, c } = await runner.transaction(async (query) => {
      const head = await readHead(query, sql.lockHead);
      const c = await hashFrom(batch, head);
      if (!(await write(query, batch, head, c))) {
        throw new SqlStoreError('store_unavailable', 'append: the audit head moved under its lock');
      }
      return { head, c };
    });
    // only once COMMIT returned: an append resolves when its record is durable and visible
    // to every reader (resolved inside the callback, a reader on another connection could
    // miss a record whose append had already resolved, and a crash before COMMIT lose it)
    expected = leaves(head, c);
    resolveAll(batch, c);
  }

  /** A batch failed: it, and every append made before now that is not durable, rejects. */
  function fail(batch: QueuedAppend[], error: unknown): void {
    failures++;
    lastFailure = error;
    expected = undefined;
    for (const p of batch) p.reject(error);
    queue.reject(error);
  }

  function launch(): void {
    const batch = queue.take();
    inFlight++;
    const epoch = failures;
    const base = expected;
    hashing = true;
    const sent = (async () => {
      let head: Head;
      let c: Chained;
      try {
        head = base ?? (await readHead(runner.query, sql.readHead));
        c = await hashFrom(batch, head);
        if (epoch === failures) expected = leaves(head, c);
      } finally {
        hashing = false;
      }
      kick(); // the next batch can be hashed from `expected` and sent meanwhile
      return { head, c, ok: await write(runner.query, batch, head, c) };
    })();
    sent.catch(() => undefined);
    const before = settled;
    settled = (async () => {
      let outcome: { head: Head; c: Chained; ok: boolean } | undefined;
      let failure: unknown;
      try {
        outcome = await sent;
      } catch (error) {
        failure = error;
      }
      await before; // settle in launch order
      try {
        if (epoch !== failures) {
          // a batch before it failed: this one must not land behind it
          for (const p of batch) p.reject(lastFailure);
          return;
        }
        if (failure !== undefined) throw failure;
        const { head, c, ok } = outcome as { head: Head; c: Chained; ok: boolean };
        // it may have reached PostgreSQL before the batch it follows: now that one is
        // in, the same statement finds its head, unless another writer moved it
        if (ok || (await write(runner.query, batch, head, c))) resolveAll(batch, c);
        else {
          expected = undefined; // no new batch until the ones in flight settled
          await underLock(batch);
        }
      } catch (error) {
        fail(batch, toSqlStoreError(error, 'append'));
      } finally {
        inFlight--;
        kick();
      }
    })();
  }

  function kick(): void {
    // without a known head only one batch goes out (it reads the head for the rest)
    while (queue.waiting().length > 0 && !hashing && inFlight < (expected ? limits.depth : 1)) {
      if (!queue.ready()) return;
      launch();
    }
  }

  return {
    append: (template: RecordTemplate): Promise<AuditRecord> => queue.add({ template }),

    /** Writes every lingering record now; resolves once every append made so far settled. */
    flush: (): Promise<void> =>
      queue.flush(
        () => inFlight === 0,
        () => settled,
      ),
  };
}
