import type { AuthorizationResult, PreparedToolCall } from '@argseal/core';

type Allow = Extract<AuthorizationResult, { type: 'allow' }>;

/** A call the tool side may execute: policy (and approval binding) already allowed it. */
export interface AllowedCall {
  call: PreparedToolCall;
  authorization: Allow;
}

const DEFAULT_MAX_ENTRIES = 1024;

/**
 * Hands prepared and authorized calls from one seam to the next within a run:
 * model seam -> toolApproval (prepared) and toolApproval -> execute (allowed).
 * Entries are keyed by tool-call id AND canonical arguments and are taken once,
 * so a call whose arguments changed in between never picks up another's result.
 * Bounded: the oldest entries are dropped (a dropped entry only means the next
 * seam prepares or authorizes again, never that something runs unchecked).
 */
export class CallCache {
  readonly #prepared = new Map<string, PreparedToolCall>();
  readonly #allowed = new Map<string, AllowedCall[]>();
  readonly #max: number;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.#max = maxEntries;
  }

  putPrepared(call: PreparedToolCall): void {
    const key = cacheKey(call.toolCallId, call.argsCanonicalJson);
    this.#prepared.delete(key);
    this.#prepared.set(key, call);
    trim(this.#prepared, this.#max);
  }

  takePrepared(toolCallId: string, canonical: string | undefined): PreparedToolCall | undefined {
    if (canonical === undefined) return undefined;
    const key = cacheKey(toolCallId, canonical);
    const call = this.#prepared.get(key);
    this.#prepared.delete(key);
    return call;
  }

  putAllowed(entry: AllowedCall): void {
    const key = cacheKey(entry.call.toolCallId, entry.call.argsCanonicalJson);
    const list = this.#allowed.get(key) ?? [];
    list.push(entry);
    this.#allowed.set(key, list);
    trim(this.#allowed, this.#max);
  }

  takeAllowed(toolCallId: string, canonical: string | undefined): AllowedCall | undefined {
    if (canonical === undefined) return undefined;
    const key = cacheKey(toolCallId, canonical);
    const list = this.#allowed.get(key);
    const entry = list?.shift();
    if (list !== undefined && list.length === 0) this.#allowed.delete(key);
    return entry;
  }
}

function cacheKey(toolCallId: string, canonical: string): string {
  return `${toolCallId.length}:${toolCallId}:${canonical}`;
}

function trim(map: Map<string, unknown>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}
