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

/** What {@link writeExecutedBehind} returns: the sink, plus `flush` for shutdown. */
type ExecutedBehindLog = SqlAuditLog & {
  /** Writes every held record and resolves once all appends made so far settled. */
  flush(): Promise<void>;
};

/**
 * A batching SQL audit sink whose `executed` records wait (at most
 * {@link EXECUTED_LINGER_MS}) for the next append, so one statement writes a call's
 * `executed` with the next call's `proposed` and `decided` instead of a statement each.
 * Write-ahead is unchanged: every other record is appended at once, after the held ones
 * (chain order is append order), and an `executed` record is written only after its call
 * ran. The proxy answers the host when the upstream answers, so holding `executed` adds
 * nothing to a call's latency. Reads (`records`, `head`, `checkpoint`) flush first.
 */
export function writeExecutedBehind(sink: SqlAuditLog): ExecutedBehindLog {
  let held: Held[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const writing = new Set<Promise<unknown>>();

  function write(event: AuditEvent, options: Held['options']): Promise<AuditRecord> {
    const p = sink.append(event, options as Parameters<AuditSink['append']>[1]);
    writing.add(p);
    const done = () => writing.delete(p);
    p.then(done, done);
    return p;
  }

  function release(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = held;
    held = [];
    for (const h of batch) write(h.event, h.options).then(h.resolve, h.reject);
  }

  async function flush(): Promise<void> {
    release();
    await Promise.allSettled([...writing]);
  }

  return {
    ...sink,
    append(event, options) {
      if (typeof event === 'object' && event !== null && event.type === 'executed') {
        return new Promise<AuditRecord>((resolve, reject) => {
          held.push({ event, options, resolve, reject });
          timer ??= setTimeout(release, EXECUTED_LINGER_MS);
        });
      }
      release();
      return write(event, options);
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
