import { createMemoryAuditLog } from '../../audit/memory-log.js';
import type { AuditEvent, AuditRecord, AuditSink } from '../../audit/types.js';

/** An error with a stable code, as a store's own error class would carry. */
export class SinkDown extends Error {
  readonly code = 'store_unavailable';
}

interface Waiting {
  event: AuditEvent;
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
 * not stop the ones after it.
 */
export function createBatchingSink(pipelining: string = 'batched', maxBatch = Infinity) {
  const log = createMemoryAuditLog();
  const batches: string[][] = [];
  const control: { gate?: Promise<void>; fail: Set<string> } = { fail: new Set() };
  let queue: Waiting[] = [];
  let scheduled = false;
  let inFlight = 0;
  let maxInFlight = 0;

  async function write(batch: Waiting[]): Promise<void> {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    batches.push(batch.map((w) => w.event.type));
    try {
      if (control.gate) await control.gate;
      if (batch.some((w) => control.fail.has(w.event.type))) throw new SinkDown('batch lost');
      for (const w of batch) w.resolve(await log.append(w.event));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight--;
    }
  }

  const sink: AuditSink = {
    append(event) {
      return new Promise<AuditRecord>((resolve, reject) => {
        queue.push({ event, resolve, reject });
        if (scheduled) return;
        scheduled = true;
        queueMicrotask(() => {
          scheduled = false;
          const all = queue;
          queue = [];
          for (let i = 0; i < all.length; i += maxBatch) void write(all.slice(i, i + maxBatch));
        });
      });
    },
    records: (query) => log.records(query),
    ...(pipelining !== 'none' ? { pipelining: pipelining as 'batched' } : {}),
  };
  return { sink, log, batches, control, maxInFlight: () => maxInFlight };
}
