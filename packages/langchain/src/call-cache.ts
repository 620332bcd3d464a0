import type {
  AuthorizationResult,
  PreparedToolCall,
  ToolArgumentsValidationError,
} from '@argseal/core';

/** What one seam hands the next for a tool call, within one process. */
export type CacheEntry =
  | {
      kind: 'prepared';
      call: PreparedToolCall;
      /** Present when afterModel already ran the policy (and consumed any grant). */
      auth?: Extract<AuthorizationResult, { type: 'allow' | 'deny' }>;
    }
  | { kind: 'invalid'; tool: string; error: ToolArgumentsValidationError };

/**
 * Prepared calls keyed by thread and tool-call id, taken (read once) by the next seam.
 * It only saves work (one schema parse per attempt): every entry is checked against
 * the call as LangChain holds it, and a miss re-runs the pipeline, never skips it.
 */
export class CallCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #max: number;

  constructor(max = 2048) {
    this.#max = max;
  }

  static key(thread: string, toolCallId: string): string {
    return `${thread}\u0000${toolCallId}`;
  }

  put(thread: string, toolCallId: string, entry: CacheEntry): void {
    const key = CallCache.key(thread, toolCallId);
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  take(thread: string, toolCallId: string): CacheEntry | undefined {
    const key = CallCache.key(thread, toolCallId);
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    return entry;
  }

  get size(): number {
    return this.#entries.size;
  }
}
