import type { AuditRecord, Sha256Hex } from '@argseal/core/store';
import { SqlStoreError, toSqlStoreError } from '../errors.js';
import type { Runner } from '../sql/db.js';
import type { BatchLimits } from './batch.js';
import {
  type Chained,
  type ChainHead,
  chainFrom,
  type DbClock,
  headAfter,
  toRecord,
} from './chain.js';
import { createAppendQueue, type QueuedAppend } from './queue.js';
import { STREAMS_CREATE_HEADS, STREAMS_READ_HEADS, STREAMS_WRITE } from './sql.js';
import type { RecordTemplate } from './template.js';

/**
 * Statements a pool keeps in flight when the appends waiting would otherwise fill one: with
 * each worker on its own stream, every worker's next append arrives as soon as the batch
 * before it lands, so one statement would carry them all and the database and this
 * process would take turns. Two statements over disjoint streams run on two connections
 * at once (no head row in common), and each statement's records arrive while the other is
 * written, so the two stay apart.
 */
const SPREAD = 2;

interface Pending extends QueuedAppend {
  key: string;
}

/** Appends one stream's records on its own (read head, write; under its row lock if moved). */
export type StreamFallback = (key: string, template: RecordTemplate) => Promise<AuditRecord>;

/**
 * Appends to many audit streams, several streams' records per statement
 * (`STREAMS_WRITE`). Appends waiting while statements run go out together, grouped by
 * stream, each group hashed in JavaScript from the head this log last left for that
 * stream (read once, then known), before any lock is taken. A stream has at most one
 * batch in flight, so its records land in call order. A stream whose head another
 * connection or process moved is not written by the statement; its records go to
 * `fallback` (the single-stream writer, which rehashes under the head's row lock), and
 * its head is read again next time. Records and hashes are exactly those of one-by-one
 * appends to that stream. At most `limits.depth` statements are in flight (disjoint
 * streams, each on its own connection of a pool; one on a serial handle, so appends
 * waiting meanwhile share the next: group commit); on a pool, the appends waiting while
 * fewer than {@link SPREAD} statements run are split over that many. Prefix durability per stream: once a stream's batch fails, its
 * appends waiting behind it reject with the same error; later appends start fresh.
 */
export function createStreamsWriter(
  runner: Runner,
  limits: BatchLimits,
  sha256: () => Sha256Hex,
  clock: DbClock,
  fallback: StreamFallback,
) {
  const queue = createAppendQueue<Pending>(limits, () => kick());
  const heads = new Map<string, ChainHead>();
  /** Streams with records in flight (here or in `fallback`). */
  const busy = new Set<string>();
  let inFlight = 0;
  /** Settles once the statements and hand-overs running now settled (for `flush`). */
  const running = new Set<Promise<void>>();

  /**
   * The next batch: waiting records of at most `streams` idle streams, in call order,
   * grouped by stream.
   */
  function take(streams: number): Map<string, Pending[]> {
    const groups = new Map<string, Pending[]>();
    queue.take((p) => {
      if (busy.has(p.key)) return false;
      const group = groups.get(p.key);
      if (group) group.push(p);
      else if (groups.size < streams) groups.set(p.key, [p]);
      else return false;
      return true;
    });
    return groups;
  }

  async function readHeads(keys: string[]): Promise<void> {
    const sentAt = Date.now();
    let rows = await runner.query(STREAMS_READ_HEADS, [keys]);
    if (rows.length < keys.length) {
      await runner.query(STREAMS_CREATE_HEADS, [keys]);
      rows = await runner.query(STREAMS_READ_HEADS, [keys]);
    }
    for (const row of rows) {
      heads.set(String(row.stream), { length: Number(row.next_seq), hash: String(row.hash) });
    }
    if (rows[0]) clock.observe(String(rows[0].at), sentAt);
    if (keys.some((k) => !heads.has(k))) {
      throw new SqlStoreError('store_unavailable', 'append: an audit stream head row is missing');
    }
  }

  /** Hashes every group from its head and writes them in one statement; the keys that landed. */
  async function write(keys: string[], groups: Map<string, Pending[]>) {
    const unknown = keys.filter((k) => !heads.has(k));
    if (unknown.length > 0) await readHeads(unknown);
    const at = clock.next();
    const digest = sha256();
    const chained = new Map<string, Chained>();
    const h: unknown[][] = [[], [], [], [], []];
    const r: unknown[][] = [[], [], [], [], [], [], []];
    for (const key of keys) {
      const head = heads.get(key) as ChainHead;
      const batch = groups.get(key) as Pending[];
      const c = await chainFrom(
        batch.map((p) => p.template),
        head,
        at,
        digest,
      );
      chained.set(key, c);
      const next = headAfter(head, c);
      for (const [i, v] of [key, head.length, head.hash, next.length, next.hash].entries()) {
        (h[i] as unknown[]).push(v);
      }
      for (let i = 0; i < batch.length; i++) {
        const t = (batch[i] as Pending).template;
        const values = [key, head.length + i, c.prevs[i], c.hashes[i], t.type, t.proposalHash];
        for (const [j, v] of [...values, c.bodies[i]].entries()) (r[j] as unknown[]).push(v);
      }
    }
    const sentAt = Date.now();
    const [row] = await runner.query(STREAMS_WRITE, [...h, at, ...r]);
    if (row?.at !== undefined) clock.observe(String(row.at), sentAt);
    const moved = new Set(Array.isArray(row?.moved) ? row.moved.map(String) : []);
    return { moved, chained };
  }

  /** A batch of these streams failed: their appends waiting behind it reject too. */
  function rejectWaiting(keys: ReadonlySet<string>, error: unknown): void {
    queue.reject(error, (p) => keys.has(p.key));
  }

  function handOver(key: string, batch: Pending[]): void {
    heads.delete(key); // another writer moved it: read it again next time
    let failed: { error: unknown } | undefined;
    const settled = batch.map((p) =>
      fallback(key, p.template).then(p.resolve, (error: unknown) => {
        failed ??= { error };
        p.reject(error);
      }),
    );
    track(
      Promise.allSettled(settled).then(() => {
        if (failed) rejectWaiting(new Set([key]), failed.error);
        busy.delete(key);
        kick();
      }),
    );
  }

  function launch(groups: Map<string, Pending[]>): void {
    const keys = [...groups.keys()];
    for (const key of keys) busy.add(key);
    inFlight++;
    track(async () => {
      let outcome: Awaited<ReturnType<typeof write>> | undefined;
      try {
        outcome = await write(keys, groups);
      } catch (error) {
        const wrapped = toSqlStoreError(error, 'append');
        for (const key of keys) {
          heads.delete(key); // the statement may or may not have landed
          busy.delete(key);
          for (const p of groups.get(key) as Pending[]) p.reject(wrapped);
        }
        rejectWaiting(new Set(keys), wrapped);
      }
      if (outcome) {
        for (const key of keys) {
          const batch = groups.get(key) as Pending[];
          const c = outcome.chained.get(key) as Chained;
          if (!outcome.moved.has(key)) {
            handOver(key, batch);
            continue;
          }
          heads.set(key, headAfter(heads.get(key) as ChainHead, c));
          busy.delete(key);
          for (let i = 0; i < batch.length; i++) (batch[i] as Pending).resolve(toRecord(c, i));
        }
      }
      inFlight--;
      kick();
    });
  }

  function track(work: Promise<void> | (() => Promise<void>)): void {
    const p = typeof work === 'function' ? work() : work;
    running.add(p);
    const done = () => void running.delete(p);
    p.then(done, done);
  }

  function kick(): void {
    while (inFlight < limits.depth && queue.waiting().length > 0) {
      if (!queue.ready()) return;
      const idle = new Set<string>();
      for (const p of queue.waiting()) if (!busy.has(p.key)) idle.add(p.key);
      if (idle.size === 0) return;
      const parts = Math.max(1, Math.min(SPREAD, limits.depth) - inFlight);
      const groups = take(Math.ceil(idle.size / parts));
      launch(groups);
    }
  }

  return {
    append: (key: string, template: RecordTemplate): Promise<AuditRecord> =>
      queue.add({ key, template }),

    /** Writes every lingering record now; resolves once every append made so far settled. */
    flush: (): Promise<void> =>
      queue.flush(
        () => running.size === 0,
        () => Promise.all([...running]),
      ),
  };
}
