/**
 * Cross-caller batching of one kind of store operation (suspend, decide or consume).
 * Operations that arrive while {@link OpBatcherOptions.depth} statements of their kind are
 * in flight, or in the same turn of the event loop, wait and go out together as one
 * statement. A lone operation goes out as its ordinary single statement, so an idle store
 * sends exactly the SQL it always did; under load many waiting workers share one
 * statement (and one commit) instead of each sending its own.
 */
export interface OpBatcherOptions<I, O> {
  /** Operations per statement. */
  maxItems: number;
  /** Statements of this kind in flight at once (each on its own connection of a pool). */
  depth: number;
  /**
   * Operations with the same key never share a statement, and one waits until the statement
   * of an earlier one with its key settled (they go out one after another, in call order,
   * even when statements run at once on a pool's connections).
   */
  key(item: I): string;
  /** The single-operation path (also the fallback). */
  one(item: I): Promise<O>;
  /**
   * One statement for `items` (2 or more, distinct keys); a result per item, in order
   * (a promise where the item needs more work alone, which may fail for that item only).
   * When it throws, {@link OpBatcherOptions.retryAlone} decides whether each item is
   * retried on its own (nothing committed) or fails with the error.
   */
  many(items: readonly I[]): Promise<(O | Promise<O>)[]>;
  /** True when a failed `many` committed nothing and each item may be retried alone. */
  retryAlone(error: unknown): boolean;
}

/** After this turn's callbacks and promise jobs (setImmediate where the runtime has it). */
const defer: (fn: () => void) => void =
  typeof setImmediate === 'function' ? (fn) => setImmediate(fn) : (fn) => setTimeout(fn, 0);

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createOpBatcher<I, O>(options: OpBatcherOptions<I, O>): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Keys of the operations whose statement is in flight. */
  const busy = new Set<string>();

  function take(max: number): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < max; ) {
      const w = queue[i] as Waiting<I, O>;
      const key = options.key(w.item);
      if (keys.has(key) || busy.has(key)) {
        i++; // stays queued, in order, for a later statement
        continue;
      }
      keys.add(key);
      batch.push(w);
      queue.splice(i, 1);
    }
    return batch;
  }

  async function send(batch: Waiting<I, O>[]): Promise<void> {
    if (batch.length === 1) {
      const [w] = batch as [Waiting<I, O>];
      await options.one(w.item).then(w.resolve, w.reject);
      return;
    }
    let results: (O | Promise<O>)[];
    try {
      results = await options.many(batch.map((w) => w.item));
    } catch (error) {
      if (!options.retryAlone(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      await Promise.all(batch.map((w) => options.one(w.item).then(w.resolve, w.reject)));
      return;
    }
    await Promise.all(
      batch.map((w, i) => Promise.resolve(results[i] as O | Promise<O>).then(w.resolve, w.reject)),
    );
  }

  function flush(): void {
    scheduled = false;
    while (inFlight < options.depth && queue.length > 0) {
      const batch = take(options.maxItems);
      // everything queued waits on a key in flight: the statement that settles reschedules
      if (batch.length === 0) return;
      const keys = batch.map((w) => options.key(w.item));
      for (const key of keys) busy.add(key);
      inFlight++;
      void send(batch).finally(() => {
        for (const key of keys) busy.delete(key);
        inFlight--;
        schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= options.depth) return;
    scheduled = true;
    // after this turn's callbacks and promise jobs: the workers a statement's reply
    // released arrive together
    defer(flush);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
