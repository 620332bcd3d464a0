import { createMemoryAuditLog } from '../../audit/memory-log.js';
import type { AuditEvent, AuditRecord, AuditSink } from '../../audit/types.js';

/** An error with a stable code, as a store's own error class would carry. */
export class SinkDown extends Error {
  readonly code = 'store_unavailable';
}

interface Waiting {
  event: AuditEvent;
  /** Failures reported before this append was made. */
  epoch: number;
  resolve(record: AuditRecord): void;
  reject(error: unknown): void;
}

/**
 * A sink shaped like the SQL audit log's chain writer: appends made in one tick are
 * collected on a microtask and written as one batch, all or nothing, in call order. Each
 * batch's event types are kept in `batches`. `gate` (when set) holds every batch until it
 * resolves; a batch holding any event type in `fail` fails. `pipelining: 'none'` leaves
 * the property out (any other value is set as given, valid or not). `maxBatch` splits a
 * tick's appends into batches of at most that many, written at once and independently
 * (as a sink with a batch-size limit and several connections does): a failed batch does
 * not stop the ones after it. `durability: 'prefix'` declares prefix durability and keeps
 * it: batches are written one after another, and once one fails every append made before
 * that failure was reported rejects with the same error, unwritten (counted in `refused`).
 */
export function createBatchingSink(
  pipelining: string = 'batched',
  maxBatch = Infinity,
  durability?: 'prefix',
) {
  const log = createMemoryAuditLog();
  const batches: string[][] = [];
  /** Event types in `append` call order. */
  const appended: string[] = [];
  const control: { gate?: Promise<void>; fail: Set<string> } = { fail: new Set() };
  let queue: Waiting[] = [];
  let scheduled = false;
  let inFlight = 0;
  let maxInFlight = 0;
  let failures = 0;
  let lastFailure: unknown;
  let refused = 0;
  let chain: Promise<void> = Promise.resolve();

  async function write(batch: Waiting[]): Promise<void> {
    if (durability === 'prefix' && batch.some((w) => w.epoch !== failures)) {
      refused += batch.length;
      for (const w of batch) w.reject(lastFailure);
      return;
    }
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    batches.push(batch.map((w) => w.event.type));
    try {
      if (control.gate) await control.gate;
      if (batch.some((w) => control.fail.has(w.event.type))) throw new SinkDown('batch lost');
      for (const w of batch) w.resolve(await log.append(w.event));
    } catch (error) {
      failures++;
      lastFailure = error;
      for (const w of batch) w.reject(error);
    } finally {
      inFlight--;
    }
  }

  const sink: AuditSink = {
    append(event) {
      return new Promise<AuditRecord>((resolve, reject) => {
        appended.push(event.type);
        queue.push({ event, epoch: failures, resolve, reject });
        if (scheduled) return;
        scheduled = true;
        queueMicrotask(() => {
          scheduled = false;
          const all = queue;
          queue = [];
          for (let i = 0; i < all.length; i += maxBatch) {
            const batch = all.slice(i, i + maxBatch);
            if (durability === 'prefix') chain = chain.then(() => write(batch));
            else void write(batch);
          }
        });
      });
    },
    records: (query) => log.records(query),
    ...(pipelining !== 'none' ? { pipelining: pipelining as 'batched' } : {}),
    ...(durability ? { durability } : {}),
  };
  return {
    sink,
    log,
    batches,
    appended,
    control,
    maxInFlight: () => maxInFlight,
    refused: () => refused,
  };
}
