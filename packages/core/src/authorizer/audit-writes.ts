import type { AuditEvent, AuditSink } from '../audit/types.js';

/** A failed append: its reason, so the pipeline rethrows the sink's own error. */
type Failure = { error: unknown } | undefined;

/** Whether the sink keeps the order of appends made before earlier ones settled. */
export function pipelines(sink: AuditSink): boolean {
  return sink.pipelining === 'ordered' || sink.pipelining === 'batched';
}

/**
 * Appends `events` in this order, each once the one before it is durable, and stops at the
 * first failure: a record is never written unless every record before it was (a batching
 * sink that splits its batches, or an ordered one whose earlier append fails, cannot leave
 * a later record without the earlier one). Settles to that failure, or `undefined`; never
 * rejects, so a failure nobody awaits yet is not unhandled.
 */
async function appendInOrder(sink: AuditSink, events: readonly AuditEvent[]): Promise<Failure> {
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
 * The `rewritten` and `proposed` records of a prepared call on a pipelining sink, issued
 * when the call is prepared and not awaited by `prepare`: their outcome (the first failure,
 * or `undefined`). Calls in flight at once still share a batching sink's batches.
 */
export type ProposedWrite = Promise<Failure>;

export function proposedWrite(sink: AuditSink, events: readonly AuditEvent[]): ProposedWrite {
  return appendInOrder(sink, events);
}

/**
 * Writes one stage's records ahead of what follows: only once the call's `proposed`
 * records (`ahead`, when given) are durable, then one by one. Resolves when all are
 * durable; rejects with the first failure in record order (the sink's own error), and
 * appends nothing after a record that failed: a `decided` record is never written for a
 * call whose `proposed` record was not.
 */
export async function writeAhead(
  sink: AuditSink | undefined,
  events: readonly AuditEvent[],
  ahead: ProposedWrite | undefined,
): Promise<void> {
  if (sink === undefined) return;
  const before = ahead === undefined ? undefined : await ahead;
  if (before) throw before.error;
  const failure = await appendInOrder(sink, events);
  if (failure) throw failure.error;
}
