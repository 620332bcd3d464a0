import { StrictFetchError } from './types.js';

/** One server-sent event as received: its exact text and its `data` (lines joined). */
export interface RawSseEvent {
  raw: string;
  /** `undefined` when the event has no `data:` line (comments, `retry:`...). */
  data: string | undefined;
}

/**
 * Splits a text stream into server-sent events (WHATWG rules: `\n`, `\r\n` or `\r` end a
 * line, a blank line ends an event, `:` starts a comment, one space after `data:` is
 * dropped). Each character is scanned once; a pending event longer than `maxLength`
 * fails with `body_too_large`.
 */
export class SseSplitter {
  private buf = '';
  private scan = 0;
  private lineStart = 0;
  private data: string[] = [];

  constructor(private readonly maxLength: number) {}

  push(text: string): RawSseEvent[] {
    this.buf += text;
    const out: RawSseEvent[] = [];
    const b = this.buf;
    let i = this.scan;
    for (; i < b.length; i++) {
      const c = b.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      if (c === 13 && i + 1 === b.length) break; // a \r\n may be cut in two: wait
      const end = c === 13 && b.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
      const line = b.slice(this.lineStart, i);
      this.lineStart = end;
      i = end - 1;
      if (line === '') out.push(this.take(end));
      else this.field(line);
    }
    this.scan = i;
    this.compact(out);
    if (this.buf.length > this.maxLength) {
      throw new StrictFetchError('body_too_large', 'a server-sent event passed the size limit');
    }
    return out;
  }

  /** The unterminated rest of the stream, as a last event (or nothing). */
  end(): RawSseEvent[] {
    if (this.lineStart < this.buf.length) this.field(this.buf.slice(this.lineStart));
    const rest = this.buf;
    this.buf = '';
    this.scan = this.lineStart = 0;
    if (rest === '') return [];
    return [{ raw: rest, data: this.flushData() }];
  }

  private eventStart = 0;

  private take(end: number): RawSseEvent {
    const event = { raw: this.buf.slice(this.eventStart, end), data: this.flushData() };
    this.eventStart = end;
    return event;
  }

  private compact(out: RawSseEvent[]): void {
    if (out.length === 0 || this.eventStart === 0) return;
    this.buf = this.buf.slice(this.eventStart);
    this.scan -= this.eventStart;
    this.lineStart -= this.eventStart;
    this.eventStart = 0;
  }

  private field(line: string): void {
    if (!line.startsWith('data')) return;
    if (line.length === 4) this.data.push('');
    else if (line.charCodeAt(4) === 58) {
      this.data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
    }
  }

  private flushData(): string | undefined {
    if (this.data.length === 0) return undefined;
    const data = this.data.join('\n');
    this.data = [];
    return data;
  }
}
