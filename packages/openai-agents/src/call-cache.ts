import type { PreparedToolCall, ToolArgumentsValidationError } from '@argseal/core';

/**
 * One attempt of one tool call, carried from the model seam through `needsApproval`
 * to `invoke` so the schema is parsed and the policy decided once per attempt (the
 * authorizer remembers `check`'s decision on the `PreparedToolCall` object, and `run`
 * of the same object reuses it). Process-local and never trusted on its own: `invoke`
 * uses an entry only when the argument text it receives is byte-identical to the text
 * the entry was made for.
 */
export interface CachedCall {
  tool: string;
  /**
   * Argument text written into history: the call's `effectiveCanonicalJson` (undefined
   * when only the decoded input was seen).
   */
  text: string | undefined;
  call?: PreparedToolCall;
  error?: ToolArgumentsValidationError;
  /**
   * Set once `needsApproval` ran `authorizer.check` on `call` (allow, deny or approved):
   * `invoke` then runs the same call object. A later `needsApproval` for the same id is a
   * new attempt and never reuses a checked entry.
   */
  checked?: boolean;
  /** The run context object `check` ran for: `invoke` of another run never reuses it. */
  checkedIn?: object;
}

/** Bounded map of attempts by tool call id (oldest entries are dropped first). */
export class CallCache {
  readonly #entries = new Map<string, CachedCall>();
  readonly #max: number;

  constructor(max = 1024) {
    this.#max = max;
  }

  set(toolCallId: string, entry: CachedCall): void {
    this.#entries.delete(toolCallId);
    this.#entries.set(toolCallId, entry);
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get(toolCallId: string, tool: string): CachedCall | undefined {
    const entry = this.#entries.get(toolCallId);
    return entry?.tool === tool ? entry : undefined;
  }

  /** Removes and returns the entry: an attempt is used at most once. */
  take(toolCallId: string, tool: string): CachedCall | undefined {
    const entry = this.get(toolCallId, tool);
    if (entry) this.#entries.delete(toolCallId);
    return entry;
  }

  delete(toolCallId: string): void {
    this.#entries.delete(toolCallId);
  }

  get size(): number {
    return this.#entries.size;
  }
}
