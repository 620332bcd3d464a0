import type { AuditEvent, AuditSink } from '../audit/types.js';

/** A failed append: its reason, so the pipeline rethrows the sink's own error. */
type Failure = { error: unknown } | undefined;

function firstFailure(results: PromiseSettledResult<unknown>[]): Failure {
  for (const r of results) if (r.status === 'rejected') return { error: r.reason };
  return undefined;
}

/** Whether the sink keeps the order of appends made before earlier ones settled. */
export function pipelines(sink: AuditSink): boolean {
  return sink.pipelining === 'ordered' || sink.pipelining === 'batched';
}

/**
 * Appends `events` in this order without waiting between them (the sink keeps call order,
 * see `AuditSink.pipelining`) and settles once all did: to the first failure in order, or
 * `undefined`. Never rejects, so a failure nobody awaits yet is not unhandled.
 */
function issue(sink: AuditSink, events: readonly AuditEvent[]): Promise<Failure> {
  const pending: Promise<unknown>[] = [];
  for (const event of events) {
    try {
      pending.push(sink.append(event));
    } catch (error) {
      pending.push(Promise.reject(error));
    }
  }
  return Promise.allSettled(pending).then(firstFailure);
}

/**
 * The `proposed` (and `rewritten`) records of a prepared call on a pipelining sink. An
 * `ordered` sink gets them at once; a `batched` one when the call is authorized, in the
 * same tick as its `decided` record so both share one batch, or on the next macrotask if
 * nobody authorizes it by then (every prepared call is recorded).
 */
export interface ProposedWrite {
  /** Authorization started: the macrotask fallback no longer issues the records. */
  hold(): void;
  /** The records' outcome, issuing them first if they are not yet (idempotent). */
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
      outcome = issue(sink, events);
      outcome.then((f) => {
        settled = f;
      });
    }
    return outcome;
  };
  if (sink.pipelining === 'batched') timer = setTimeout(start, 0);
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
 * Writes one stage's records ahead of what follows: after the call's pending `proposed`
 * records (when given), without waiting between appends on a pipelining sink, one by one
 * otherwise. Resolves when all are durable; rejects with the first failure in record order
 * (the sink's own error), and appends nothing after a `proposed` write that already failed.
 */
export async function writeAhead(
  sink: AuditSink | undefined,
  events: readonly AuditEvent[],
  ahead: ProposedWrite | undefined,
): Promise<void> {
  if (sink === undefined) return;
  if (ahead === undefined && !pipelines(sink)) {
    for (const event of events) await sink.append(event);
    return;
  }
  const early = ahead?.failed();
  if (early) throw early.error;
  const before = ahead?.issue();
  const after = issue(sink, events);
  const failure = (await before) ?? (await after);
  if (failure) throw failure.error;
}
