import type { AuditRecord, AuditSink } from '@argseal/core';
import type { AuditEvent } from '@argseal/core/store';
import type { SqlAuditLog } from '@argseal/postgres';

/** Longest an `executed` record waits for the next call's records to share its write. */
const EXECUTED_LINGER_MS = 5;

interface Held {
  event: AuditEvent;
  options: { sha256?: unknown } | undefined;
  resolve: (record: AuditRecord) => void;
  reject: (error: unknown) => void;
}

/** Options of {@link groupAuditWrites}. */
interface GroupOptions {
  /**
   * One write at a time (an embedded database runs one statement at a time anyway): every
   * append made while a write is in flight waits for it and goes out with the others in
   * the next write, so N calls waiting on the log cost about two commits, not N.
   */
  serial: boolean;
}

/** What {@link groupAuditWrites} returns: the sink, plus `flush` for shutdown. */
type GroupedAuditLog = SqlAuditLog & {
  /** Writes every held record and resolves once all appends made so far settled. */
  flush(): Promise<void>;
};

/**
 * Groups a batching SQL audit sink's appends into fewer statements (group commit) without
 * giving up write-ahead: an append resolves only once its own record is committed, so
 * core still calls the upstream only after the call's `proposed` and `decided` are
 * durable. Appends released together share one statement (the SQL log batches appends
 * made in one tick), in append order, so chain order is append order.
 * - An `executed` record waits (at most {@link EXECUTED_LINGER_MS}) for the next append:
 *   one statement writes a call's `executed` with the next call's `proposed` and `decided`.
 *   The proxy answers the host when the upstream answers, so this adds nothing to a call.
 * - With `serial`, appends made while a write is in flight wait for it (see {@link GroupOptions}).
 * - Prefix durability (`durability`, as the wrapped log declares it): when a write fails,
 *   every append still held here (made before the failure was reported) rejects with the
 *   same error instead of going out in a later write; appends made after start fresh.
 *   So core issues a call's `proposed` and `decided` together: one statement per call.
 * Reads (`records`, `head`, `checkpoint`) flush first.
 */
export function groupAuditWrites(sink: SqlAuditLog, options: GroupOptions): GroupedAuditLog {
  let held: Held[] = [];
  /** Whether a held record other than `executed` waits (it must go out as soon as it can). */
  let urgent = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Serial: the write in flight, which every new append waits for. */
  let inFlight: Promise<unknown> | undefined;
  /** A release is queued for the end of this tick (a call's records are appended in one tick). */
  let releasing = false;
  /** Every write not yet settled (what `flush` waits for). */
  const writing = new Set<Promise<unknown>>();

  function releaseSoon(): void {
    if (releasing) return;
    releasing = true;
    queueMicrotask(() => {
      releasing = false;
      if (!inFlight) release();
    });
  }

  /** A write failed: the appends held behind it reject with its error. */
  function rejectHeld(error: unknown): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    urgent = false;
    const behind = held;
    held = [];
    for (const h of behind) h.reject(error);
  }

  function release(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    urgent = false;
    const batch = held;
    held = [];
    if (batch.length === 0) return;
    // issued in one tick: the SQL log writes them in one statement
    const writes = batch.map((h) => {
      const p = sink.append(h.event, h.options as Parameters<AuditSink['append']>[1]);
      p.then(h.resolve, h.reject);
      return p;
    });
    const settled = Promise.allSettled(writes).then((results) => {
      writing.delete(settled);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) rejectHeld(failed.reason);
      if (inFlight !== settled) return;
      inFlight = undefined;
      if (urgent) releaseSoon();
      else if (held.length > 0) timer ??= setTimeout(release, EXECUTED_LINGER_MS);
    });
    writing.add(settled);
    if (options.serial) inFlight = settled;
  }

  async function flush(): Promise<void> {
    for (;;) {
      if (inFlight) await inFlight;
      else if (held.length > 0) release();
      else if (writing.size > 0) await Promise.all([...writing]);
      else return;
    }
  }

  return {
    ...sink,
    // only what the wrapped log guarantees (held appends never outlive a failed write)
    ...(sink.durability === 'prefix' ? { durability: 'prefix' as const } : {}),
    append(event, appendOptions) {
      return new Promise<AuditRecord>((resolve, reject) => {
        held.push({ event, options: appendOptions, resolve, reject });
        const executed = typeof event === 'object' && event !== null && event.type === 'executed';
        if (!executed) urgent = true;
        if (inFlight) return; // goes out when the write in flight settled
        if (urgent) releaseSoon();
        else timer ??= setTimeout(release, EXECUTED_LINGER_MS);
      });
    },
    async records(query) {
      await flush();
      return sink.records(query);
    },
    async head() {
      await flush();
      return sink.head();
    },
    async checkpoint() {
      await flush();
      return sink.checkpoint();
    },
    flush,
  };
}
