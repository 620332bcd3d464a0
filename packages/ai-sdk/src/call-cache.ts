import type { PreparedToolCall } from '@argseal/core';

const DEFAULT_MAX_ENTRIES = 1024;

/**
 * Hands a prepared call from one seam to the next within a run: model seam ->
 * toolApproval -> execute. Keyed by tool-call id AND the canonical arguments the
 * SDK holds (`effectiveCanonicalJson`), taken once, so a call whose arguments changed
 * in between never picks up another's preparation. Reusing the same
 * `PreparedToolCall` object is what keeps the schema parse (and the policy, via
 * `check` -> `run`) to once per attempt. Bounded: the oldest entries are dropped (a
 * dropped entry only means the next seam prepares again, never that anything runs
 * unchecked).
 */
export class CallCache {
  readonly #calls = new Map<string, PreparedToolCall[]>();
  readonly #max: number;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.#max = maxEntries;
  }

  put(call: PreparedToolCall): void {
    const key = cacheKey(call.toolCallId, call.effectiveCanonicalJson);
    const list = this.#calls.get(key) ?? [];
    list.push(call);
    this.#calls.delete(key);
    this.#calls.set(key, list);
    while (this.#calls.size > this.#max) {
      const oldest = this.#calls.keys().next();
      if (oldest.done) break;
      this.#calls.delete(oldest.value);
    }
  }

  take(toolCallId: string, canonical: string | undefined): PreparedToolCall | undefined {
    if (canonical === undefined) return undefined;
    const key = cacheKey(toolCallId, canonical);
    const list = this.#calls.get(key);
    const call = list?.shift();
    if (list !== undefined && list.length === 0) this.#calls.delete(key);
    return call;
  }
}

function cacheKey(toolCallId: string, canonical: string): string {
  return `${toolCallId.length}:${toolCallId}:${canonical}`;
}
