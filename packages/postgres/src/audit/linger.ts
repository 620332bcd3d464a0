/** A queued append as the linger sees it: whether it may wait for company. */
interface Queued {
  lingers: boolean;
}

/**
 * When a writer's queue may go out (see `SqlAuditLogOptions.executedLingerMs`). A record
 * that lingers (an `executed` record, when `ms > 0`) waits at most `ms` for another append
 * to share its statement; any other record, or the time running out, releases the whole
 * queue. Without lingering records the queue is always ready.
 */
export function createLinger(ms: number, release: () => void) {
  let due = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function stop(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    due = false;
  }

  return {
    /** Whether a record of this type may wait. */
    lingers: (type: string): boolean => ms > 0 && type === 'executed',
    /** Whether the queue goes out now; if not, the timer that releases it runs. */
    ready(queue: readonly Queued[]): boolean {
      if (ms === 0 || due || queue.some((p) => !p.lingers)) return true;
      timer ??= setTimeout(() => {
        timer = undefined;
        due = true;
        release();
      }, ms);
      return false;
    },
    /** The queue is empty (or was rejected): the next lingering record waits afresh. */
    drained: stop,
    /** Releases every lingering record now (reads and `flush`). */
    now(): void {
      due = true;
      release();
    },
  };
}
