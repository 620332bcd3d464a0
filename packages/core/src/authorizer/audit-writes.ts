import type { AuditEvent, AuditSink } from '../audit/types.js';

/** A failed append: its reason, so the pipeline rethrows the sink's own error. */
type Failure = { error: unknown } | undefined;

/** Whether the sink keeps the order of appends made before earlier ones settled. */
export function pipelines(sink: AuditSink): boolean {
  return sink.pipelining === 'ordered' || sink.pipelining === 'batched';
}

/**
 * Whether a record may be appended before the records before it are durable: the sink
 * keeps call order and never makes an append durable once an earlier one failed (see
 * `AuditSink.durability`).
 */
function prefixDurable(sink: AuditSink): boolean {
  return sink.durability === 'prefix' && pipelines(sink);
}

function firstFailure(results: PromiseSettledResult<unknown>[]): Failure {
  for (const r of results) if (r.status === 'rejected') return { error: r.reason };
  return undefined;
}

/**
 * Appends `events` in this order. On a prefix-durable sink all at once (a later record
 * cannot become durable without the earlier ones); on any other, each once the one before
 * it is durable, stopping at the first failure, so a record is never written unless every
 * record before it was (a sink that splits or fails batches cannot leave a later record
 * without an earlier one). Settles to the first failure in record order, or `undefined`;
 * never rejects, so a failure nobody awaits yet is not unhandled.
 */
async function appendInOrder(sink: AuditSink, events: readonly AuditEvent[]): Promise<Failure> {
  if (prefixDurable(sink) && events.length > 1) {
    const pending: Promise<unknown>[] = [];
    for (const event of events) {
      try {
        pending.push(sink.append(event));
      } catch (error) {
        pending.push(Promise.reject(error));
      }
    }
    return firstFailure(await Promise.allSettled(pending));
  }
  for (const event of events) {
    try {
      await sink.append(event);
    } catch (error) {
      return { error };
    }
  }
  return undefined;
}

/**
 * The `rewritten` and `proposed` records of a prepared call on a pipelining sink, not
 * awaited by `prepare`. They are issued at once, except on a prefix-durable `'batched'`
 * sink: there when the call is authorized, in the same tick as its `decided` record so
 * both share one batch, or on the next macrotask if nobody authorizes it by then (every
 * prepared call is recorded). Calls in flight at once share a batching sink's batches.
 */
export interface ProposedWrite {
  /** Authorization started: the macrotask fallback no longer issues the records. */
  hold(): void;
  /** The records' outcome (first failure or `undefined`), issuing them first if needed. */
  issue(): Promise<Failure>;
  /** The failure when the records already settled as failed, else `undefined`. */
  failed(): Failure;
}

export function proposedWrite(sink: AuditSink, events: readonly AuditEvent[]): ProposedWrite {
  let outcome: Promise<Failure> | undefined;
  let settled: Failure;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = (): Promise<Failure> => {
    if (outcome === undefined) {
      outcome = appendInOrder(sink, events);
      outcome.then((f) => {
        settled = f;
      });
    }
    return outcome;
  };
  if (sink.pipelining === 'batched' && prefixDurable(sink)) timer = setTimeout(start, 0);
  else start();
  return {
    hold() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    issue() {
      this.hold();
      return start();
    },
    failed: () => settled,
  };
}

/**
 * Writes one stage's records ahead of what follows, after the call's `proposed` records
 * (`ahead`, when given). On a prefix-durable sink they are issued right behind `ahead`,
 * in the same tick (one batch), without awaiting it; on any other sink only once `ahead`
 * is durable, then one by one. Resolves when all are durable; rejects with the first
 * failure in record order (the sink's own error). Either way a `decided` record is never
 * durable for a call whose `proposed` record was not.
 */
export async function writeAhead(
  sink: AuditSink | undefined,
  events: readonly AuditEvent[],
  ahead: ProposedWrite | undefined,
): Promise<void> {
  if (sink === undefined) return;
  const early = ahead?.failed();
  if (early) throw early.error;
  let failure: Failure;
  if (prefixDurable(sink)) {
    const before = ahead?.issue();
    const after = appendInOrder(sink, events);
    failure = (await before) ?? (await after);
  } else {
    failure = ahead === undefined ? undefined : await ahead.issue();
    failure ??= await appendInOrder(sink, events);
  }
  if (failure) throw failure.error;
}
