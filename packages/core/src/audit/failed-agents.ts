/** The failure of one agent's append, until it was reported. */
interface Failure {
  readonly error: unknown;
  /** Appends with a lower call index were made before the failure was reported. */
  cutoff: number;
}

/**
 * Prefix durability for a sink whose appends run in call order (see
 * `AuditSink.durability`): once an append of an agent fails, the appends of that agent
 * made before the failure was reported reject with the same error instead of becoming
 * durable. A failure counts as reported on the next macrotask (`setTimeout` 0): by then
 * every handler of the rejected append, however deep its promise chain, has run. Appends
 * made from then on start fresh.
 */
export interface FailedAgents {
  /** Appends made so far: the call index of the next one. */
  next(): number;
  /** The error the append with call index `index` of `agent` must reject with, if any. */
  blocked(agent: unknown, index: number): { error: unknown } | undefined;
  /** An append of `agent` failed with `error`. */
  failed(agent: unknown, error: unknown): void;
}

/** `pending()`: whether appends made earlier may still be waiting to run. */
export function failedAgents(pending: () => boolean): FailedAgents {
  const failures = new Map<unknown, Failure>();
  let calls = 0;
  return {
    next: () => calls++,
    blocked(agent, index) {
      if (failures.size === 0) return undefined;
      const f = failures.get(agent);
      if (f === undefined) return undefined;
      if (index < f.cutoff) return f;
      // appends run in call order: every append made before the report already ran
      failures.delete(agent);
      return undefined;
    },
    failed(agent, error) {
      const f: Failure = { error, cutoff: Number.POSITIVE_INFINITY };
      failures.set(agent, f);
      setTimeout(() => {
        if (failures.get(agent) !== f) return;
        if (pending()) f.cutoff = calls;
        else failures.delete(agent);
      }, 0);
    },
  };
}

/** The `agent` of an event, read once; `undefined` when it cannot be read. */
export function agentOf(event: unknown): unknown {
  try {
    return typeof event === 'object' && event !== null
      ? (event as { agent?: unknown }).agent
      : undefined;
  } catch {
    return undefined;
  }
}
