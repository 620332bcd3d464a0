import type { AuditRecord } from '@argseal/core/store';
import { createLinger } from './linger.js';
import type { RecordTemplate } from './template.js';

/** An append waiting in an {@link createAppendQueue} queue. */
export interface QueuedAppend {
  template: RecordTemplate;
  /** Whether it may wait for company (see `createLinger`). */
  lingers: boolean;
  resolve(record: AuditRecord): void;
  reject(error: unknown): void;
}

/** How much one batch of a queue may carry, and how long an `executed` record lingers. */
export interface QueueLimits {
  /** Records per batch (one statement). */
  maxRecords: number;
  /** Approximate bytes of record text per batch (the first record always fits). */
  maxBytes: number;
  /** Longest an `executed` record waits for another append to share its statement (0: never). */
  executedLingerMs: number;
}

/**
 * The queue of appends an audit writer batches: appends made in one tick wake the writer
 * once (`kick`, on a microtask, so they share a batch), a batch is taken in call order up
 * to `limits`, an `executed` record may linger for company, and `flush` releases the
 * lingering and waits until the writer is idle. The writer decides when to take and what
 * each batch may hold (`accept`), and settles the appends it took.
 */
export function createAppendQueue<P extends QueuedAppend>(limits: QueueLimits, kick: () => void) {
  let items: P[] = [];
  let scheduled = false;
  const linger = createLinger(limits.executedLingerMs, () => kick());

  function keep(rest: P[]): void {
    items = rest;
    if (rest.length === 0) linger.drained();
  }

  return {
    /** The appends waiting, in call order. */
    waiting: (): readonly P[] => items,

    /** Whether a batch may go out now (a lingering record may make it wait; see `createLinger`). */
    ready: (): boolean => items.length > 0 && linger.ready(items),

    /** Queues an append; it settles when the writer settles it. */
    add(fields: Omit<P, 'lingers' | 'resolve' | 'reject'>): Promise<AuditRecord> {
      return new Promise<AuditRecord>((resolve, reject) => {
        const lingers = linger.lingers(fields.template.type);
        items.push({ ...fields, lingers, resolve, reject } as P);
        if (scheduled) return;
        scheduled = true;
        queueMicrotask(() => {
          scheduled = false;
          kick();
        });
      });
    },

    /**
     * Takes the next batch: waiting appends in call order that `accept` takes, until the
     * batch is full (`maxRecords`, or the next record would pass `maxBytes`); from there
     * on every append stays, so no append overtakes one that stayed for size.
     */
    take(accept: (p: P) => boolean = () => true): P[] {
      const batch: P[] = [];
      const rest: P[] = [];
      let bytes = 0;
      let i = 0;
      for (; i < items.length; i++) {
        const p = items[i] as P;
        if (
          batch.length > 0 &&
          (batch.length >= limits.maxRecords || bytes + p.template.size > limits.maxBytes)
        )
          break;
        if (!accept(p)) {
          rest.push(p);
          continue;
        }
        batch.push(p);
        bytes += p.template.size;
      }
      keep(i === items.length ? rest : rest.concat(items.slice(i)));
      return batch;
    },

    /** Rejects the waiting appends `which` selects (default: all) with `error`. */
    reject(error: unknown, which: (p: P) => boolean = () => true): void {
      const rest: P[] = [];
      for (const p of items) {
        if (which(p)) p.reject(error);
        else rest.push(p);
      }
      keep(rest);
    },

    /** Writes every lingering record now; resolves once the queue is empty and the writer `idle`. */
    async flush(idle: () => boolean, settled: () => Promise<unknown>): Promise<void> {
      for (;;) {
        if (items.length > 0) linger.now();
        if (items.length === 0 && idle()) return;
        await settled();
      }
    },
  };
}
