import { idKey, type RpcId } from './json-rpc.js';

/** In-flight `tools/call` messages a host transport decoded strictly, at most this many. */
const DEFAULT_LEDGER_SIZE = 1024;

/**
 * Hands the canonical argument text of each strictly decoded `tools/call` from the host
 * transport (which saw the raw message text) to the relay. A call the relay cannot find
 * here did not come through a strict decoder and is refused (`raw_text_unavailable`).
 * Bounded: the oldest entry is dropped past `max`.
 */
export class RawCallLedger {
  readonly #entries = new Map<string, string>();
  readonly #max: number;

  constructor(max = DEFAULT_LEDGER_SIZE) {
    this.#max = max;
  }

  record(id: RpcId, argumentsText: string): void {
    const key = idKey(id);
    this.#entries.delete(key);
    this.#entries.set(key, argumentsText);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  /** Removes and returns the text recorded for `id`. */
  take(id: RpcId): string | undefined {
    const key = idKey(id);
    const text = this.#entries.get(key);
    this.#entries.delete(key);
    return text;
  }
}
