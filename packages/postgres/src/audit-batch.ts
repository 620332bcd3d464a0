import type { Sha256Hex } from '@argseal/core';
import { AUDIT_HASH_PREFIX, type AuditRecord, decodeCanonical } from '@argseal/core/store';
import type { ChainStatements } from './audit-sql.js';
import { type RecordTemplate, renderBody } from './audit-template.js';
import { SqlStoreError, toSqlStoreError } from './errors.js';
import type { QueryFn, Row, Runner } from './sql-db.js';

interface Pending {
  template: RecordTemplate;
  resolve(record: AuditRecord): void;
  reject(error: unknown): void;
}

/** How one chain's appends are batched. */
export interface BatchLimits {
  /** Records per batch (one statement). */
  maxRecords: number;
  /** Approximate bytes of record text per batch. */
  maxBytes: number;
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

/** The batch's bodies and hashes from `head` on: the only work that needs the head. */
async function chain(batch: readonly Pending[], head: Head, sha256: Sha256Hex) {
  const prevs: string[] = [];
  const hashes: string[] = [];
  const bodies: string[] = [];
  let prev = head.hash;
  for (let i = 0; i < batch.length; i++) {
    const body = renderBody((batch[i] as Pending).template, head.length + i, head.at, prev);
    const digest = sha256(`${AUDIT_HASH_PREFIX}${prev}:${body}`);
    const hash = typeof digest === 'string' ? digest : await digest;
    prevs.push(prev);
    hashes.push(hash);
    bodies.push(body);
    prev = hash;
  }
  return { prevs, hashes, bodies };
}

/**
 * Appends batches to one chain. Appends that arrive while a batch is being written wait
 * and go out together as the next batch: the hashes in JavaScript from the head (read,
 * or the one the previous batch of an uninterrupted run left), then one statement that
 * moves the head and inserts every record (autocommit, so the head row is locked only
 * while that statement runs). If another connection moved the head in between, the
 * batch is rehashed under `SELECT ... FOR UPDATE` in a transaction. Records and hashes
 * are exactly those of one-by-one appends; `at` is the database clock when the batch
 * was taken.
 */
export function createChainWriter(
  runner: Runner,
  sql: ChainStatements,
  keyParams: readonly unknown[],
  limits: BatchLimits,
  sha256: () => Sha256Hex,
) {
  const queue: Pending[] = [];
  let writing = false;
  /**
   * The head this writer's last batch left, with the database clock when that statement
   * ran; kept only while appends keep arriving during writes (those appends were waiting
   * by then, so the clock is when they were taken), dropped when the queue drains.
   */
  let next: Head | undefined;

  async function write(query: QueryFn, batch: Pending[], head: Head): Promise<boolean> {
    const { prevs, hashes, bodies } = await chain(batch, head, sha256());
    const [row] = await query(sql.write, [
      head.length,
      head.hash,
      head.length + batch.length,
      hashes[hashes.length - 1],
      head.at,
      prevs,
      hashes,
      batch.map((p) => p.template.type),
      batch.map((p) => p.template.proposalHash),
      bodies,
      ...keyParams,
    ]);
    if (Number(row?.n) !== batch.length) return false;
    next = {
      length: head.length + batch.length,
      hash: hashes[hashes.length - 1] as string,
      at: String(row?.at),
    };
    for (let i = 0; i < batch.length; i++) {
      const record = decodeCanonical(bodies[i] as string) as unknown as AuditRecord;
      record.hash = hashes[i] as string;
      (batch[i] as Pending).resolve(record);
    }
    return true;
  }

  async function readHead(query: QueryFn, text: string): Promise<Head> {
    let [row] = await query(text, [...keyParams]);
    if (!row && sql.createHead) {
      await query(sql.createHead, [...keyParams]);
      [row] = await query(text, [...keyParams]);
    }
    return toHead(row);
  }

  async function flush(batch: Pending[]): Promise<void> {
    const head = next ?? (await readHead(runner.query, sql.readHead));
    next = undefined;
    if (await write(runner.query, batch, head)) return;
    // another writer moved the head: take its lock, the batch cannot lose again
    const done = await runner.transaction(async (query) =>
      write(query, batch, await readHead(query, sql.lockHead)),
    );
    if (!done)
      throw new SqlStoreError('store_unavailable', 'append: the audit head moved under its lock');
  }

  function take(): Pending[] {
    let bytes = 0;
    let n = 0;
    while (n < queue.length && n < limits.maxRecords) {
      bytes += (queue[n] as Pending).template.size;
      if (n > 0 && bytes > limits.maxBytes) break;
      n++;
    }
    return queue.splice(0, n);
  }

  async function pump(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = take();
        try {
          await flush(batch);
        } catch (error) {
          next = undefined;
          const failure = toSqlStoreError(error, 'append');
          for (const p of batch) p.reject(failure);
        }
      }
    } finally {
      next = undefined;
      writing = false;
    }
  }

  return {
    append(template: RecordTemplate): Promise<AuditRecord> {
      return new Promise<AuditRecord>((resolve, reject) => {
        queue.push({ template, resolve, reject });
        if (writing) return;
        writing = true;
        // start on a microtask, so appends made in the same tick share the first batch
        queueMicrotask(() => void pump());
      });
    },
  };
}
