import type { PreparedToolCall } from '@argseal/core';

/**
 * Hands a call that `toolApproval` checked (policy decided, grant peeked) to the
 * sealed tool's `execute` of the SAME SDK step. The scope is the `messages` array the
 * SDK passes to both (one array per step and per resume), so a call checked in one
 * run but never executed (finish reason `length`, abort, a rejected step) can never
 * be picked up by a later run: its policy decision would be stale, and running it
 * would bypass the later run's policy or leave that run's grant unspent. When the
 * SDK passes no shared array, nothing is handed over and `execute` authorizes a fresh
 * preparation (policy again, grant consumed), never less.
 */
export class CheckedCalls {
  readonly #scopes = new WeakMap<object, Map<string, PreparedToolCall>>();

  put(scope: unknown, call: PreparedToolCall): void {
    if (typeof scope !== 'object' || scope === null) return;
    let calls = this.#scopes.get(scope);
    if (calls === undefined) {
      calls = new Map();
      this.#scopes.set(scope, calls);
    }
    // One per key: a second check of the same call in the same step replaces the
    // first; the execute that finds none prepares and authorizes afresh.
    calls.set(keyOf(call.toolCallId, call.effectiveCanonicalJson), call);
  }

  take(scope: unknown, toolCallId: string, canonical: string | undefined) {
    if (typeof scope !== 'object' || scope === null || canonical === undefined) return undefined;
    const calls = this.#scopes.get(scope);
    const key = keyOf(toolCallId, canonical);
    const call = calls?.get(key);
    calls?.delete(key);
    return call;
  }
}

function keyOf(toolCallId: string, canonical: string): string {
  return `${toolCallId.length}:${toolCallId}:${canonical}`;
}
