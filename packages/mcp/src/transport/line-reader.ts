/**
 * Splits a byte stream into newline-delimited lines (the `\n` is dropped, not decoded).
 * A line that fits in one chunk is handed over as a view of that chunk, without copying;
 * only a line split across chunks is concatenated. A line longer than `maxBytes` is
 * discarded while it streams in and reported once, as `undefined`, when it ends.
 */
export class LineReader {
  readonly #maxBytes: number;
  readonly #onLine: (line: Buffer | undefined) => void;
  #chunks: Buffer[] = [];
  #size = 0;
  #discarding = false;

  constructor(maxBytes: number, onLine: (line: Buffer | undefined) => void) {
    this.#maxBytes = maxBytes;
    this.#onLine = onLine;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) {
        if (start < chunk.length) this.#append(chunk.subarray(start));
        return;
      }
      if (this.#size === 0 && !this.#discarding) {
        // the whole line is in this chunk
        if (nl - start > this.#maxBytes) this.#onLine(undefined);
        else if (nl > start) this.#onLine(chunk.subarray(start, nl));
      } else {
        this.#append(chunk.subarray(start, nl));
        this.#end();
      }
      start = nl + 1;
    }
  }

  #append(part: Buffer): void {
    if (this.#discarding) return;
    this.#size += part.length;
    if (this.#size > this.#maxBytes) {
      this.#chunks = [];
      this.#discarding = true;
      return;
    }
    this.#chunks.push(part);
  }

  #end(): void {
    const discarded = this.#discarding;
    const chunks = this.#chunks;
    this.#chunks = [];
    this.#size = 0;
    this.#discarding = false;
    if (discarded) this.#onLine(undefined);
    else if (chunks.length > 0)
      this.#onLine(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  }
}
