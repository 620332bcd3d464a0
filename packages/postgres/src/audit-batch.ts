import type { Sha256Hex } from '@argseal/core/store';
import { AUDIT_HASH_PREFIX, type AuditRecord } from '@argseal/core/store';
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

/** Batches of one chain in flight at once (each on its own connection of a pool). */
const DEPTH = 8;

interface Chained {
  prevs: string[];
  hashes: string[];
  bodies: string[];
  at: string;
}

/**
 * Appends batches to one chain. Appends that arrive while batches are being written wait
 * and go out together as the next batch. A batch is hashed in JavaScript from the head
 * the previous batch will leave (read once, then known), and written by one statement
 * that moves the head row only if it is exactly there and inserts every record
 * (autocommit: the head row is locked only while that statement runs). Up to
 * {@link DEPTH} batches are in flight; a batch can only land on the head the batch
 * before it leaves, so one that reached PostgreSQL first is sent again once its
 * predecessor settled, and appends keep their order. If another connection or process
 * moved the head, the statement inserts nothing and the batch is rehashed under
 * `SELECT ... FOR UPDATE` in a transaction, after the batches before it settled. Records and hashes are exactly those of one-by-one appends.
 * `at` is the database clock, estimated from the clock each statement returns (never
 * earlier than the previous record's).
 */
export function createChainWriter(
  runner: Runner,
  sql: ChainStatements,
  keyParams: readonly unknown[],
  limits: BatchLimits,
  sha256: () => Sha256Hex,
) {
  const queue: Pending[] = [];
  /** The head after every batch sent so far (undefined: read it first). */
  let expected: Head | undefined;
  let inFlight = 0;
  let scheduled = false;
  /** A batch is being hashed: the next one must wait for the head it leaves. */
  let hashing = false;
  let settled: Promise<void> = Promise.resolve();
  /** Database clock minus local clock (ms), and the last `at` given out. */
  let skew = 0;
  let lastAt = 0;

  function observeClock(dbIso: string, sentAt: number): void {
    const db = Date.parse(dbIso);
    if (Number.isFinite(db)) skew = db - (sentAt + Date.now()) / 2;
  }

  function nextAt(): string {
    lastAt = Math.max(lastAt, Math.round(Date.now() + skew));
    return new Date(lastAt).toISOString();
  }

  async function hashFrom(batch: readonly Pending[], head: Head): Promise<Chained> {
    const at = nextAt();
    const chained = await chain(batch, { ...head, at }, sha256());
    return { ...chained, at };
  }

  async function write(query: QueryFn, batch: Pending[], head: Head, c: Chained) {
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
    if (row?.at !== undefined) observeClock(String(row.at), sentAt);
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
    observeClock(head.at, sentAt);
    return head;
  }

  function resolveAll(batch: Pending[], c: Chained): void {
    for (let i = 0; i < batch.length; i++) {
      // our own canonical text: JSON.parse gives a fresh copy (`__proto__` stays data)
      const record = JSON.parse(c.bodies[i] as string) as AuditRecord;
      record.hash = c.hashes[i] as string;
      (batch[i] as Pending).resolve(record);
    }
  }

  /**
   * Another writer moved the head: rehash and write the batch under the head's row lock
   * (`expected` stays unknown, so new batches wait for every batch in flight).
   */
  async function underLock(batch: Pending[]): Promise<void> {
    await runner.transaction(async (query) => {
      const head = await readHead(query, sql.lockHead);
      const c = await hashFrom(batch, head);
      if (!(await write(query, batch, head, c))) {
        throw new SqlStoreError('store_unavailable', 'append: the audit head moved under its lock');
      }
      expected = {
        length: head.length + batch.length,
        hash: c.hashes[c.hashes.length - 1] as string,
        at: c.at,
      };
      resolveAll(batch, c);
    });
  }

  function launch(): void {
    const batch = take();
    inFlight++;
    const base = expected;
    hashing = true;
    const sent = (async () => {
      let head: Head;
      let c: Chained;
      try {
        head = base ?? (await readHead(runner.query, sql.readHead));
        c = await hashFrom(batch, head);
        expected = {
          length: head.length + batch.length,
          hash: c.hashes[c.hashes.length - 1] as string,
          at: c.at,
        };
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
        expected = undefined;
        const wrapped = toSqlStoreError(error, 'append');
        for (const p of batch) p.reject(wrapped);
      } finally {
        inFlight--;
        kick();
      }
    })();
  }

  function kick(): void {
    // without a known head only one batch goes out (it reads the head for the rest)
    while (queue.length > 0 && !hashing && inFlight < (expected ? DEPTH : 1)) launch();
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

  return {
    append(template: RecordTemplate): Promise<AuditRecord> {
      return new Promise<AuditRecord>((resolve, reject) => {
        queue.push({ template, resolve, reject });
        if (scheduled) return;
        scheduled = true;
        // on a microtask, so appends made in the same tick share a batch
        queueMicrotask(() => {
          scheduled = false;
          kick();
        });
      });
    },
  };
}
