import type { Readable, Writable } from 'node:stream';
import {
  DEFAULT_MAX_MESSAGE_LENGTH,
  decodeMessage,
  type MessageRefusal,
} from './decode-message.js';
import type { HostMessage, HostTransport } from './host-transport.js';
import type { RpcMessage } from './json-rpc.js';
import { LineReader } from './line-reader.js';
import { type RefusedMessageHint, recoverId } from './recover-id.js';

/** Options of {@link StdioHostTransport}. */
export interface StdioHostTransportOptions {
  input: Readable;
  output: Writable;
  maxLength?: number;
  maxDepth?: number;
}

/**
 * The host side of stdio mode: newline-delimited JSON-RPC on the proxy's stdin/stdout,
 * like the SDK's StdioServerTransport, except that each line's raw text is strictly
 * decoded (core parseStrictJson, fatal UTF-8) before anything else reads it, and handed to
 * `onmessage` with the arguments text it was decoded with. Refused lines go to `onrefused`,
 * never to `onmessage`. A line longer than four times the limit is discarded while it
 * streams in.
 */
export class StdioHostTransport implements HostTransport {
  onmessage?: (message: HostMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onrefused?: (refusal: MessageRefusal, hint: RefusedMessageHint) => void;

  readonly #o: StdioHostTransportOptions;
  readonly #maxLength: number;
  readonly #maxBytes: number;
  readonly #utf8 = new TextDecoder('utf-8', { fatal: true });
  readonly #lines: LineReader;
  #closed = false;

  constructor(options: StdioHostTransportOptions) {
    this.#o = options;
    this.#maxLength = options.maxLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
    this.#maxBytes = this.#maxLength * 4;
    this.#lines = new LineReader(this.#maxBytes, (bytes) => this.#line(bytes));
  }

  async start(): Promise<void> {
    this.#o.input.on('data', this.#onData);
    this.#o.input.on('error', this.#onError);
    this.#o.input.on('end', this.#onEnd);
  }

  readonly #onError = (error: Error) => this.onerror?.(error);
  readonly #onEnd = () => void this.close();
  readonly #onData = (chunk: Buffer) => this.#lines.push(chunk);

  #line(bytes: Buffer | undefined): void {
    if (bytes === undefined) {
      this.onrefused?.({ code: 'max_length_exceeded', path: '' }, { id: null, isToolCall: false });
      return;
    }
    let text: string;
    try {
      text = this.#utf8.decode(bytes);
    } catch {
      this.onrefused?.({ code: 'invalid_utf8', path: '' }, { id: null, isToolCall: false });
      return;
    }
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    const decoded = decodeMessage(text, { maxLength: this.#maxLength, maxDepth: this.#o.maxDepth });
    if (!decoded.ok) {
      this.onrefused?.(decoded.refusal, recoverId(text, this.#maxBytes));
      return;
    }
    this.onmessage?.(decoded.value);
  }

  async send(message: RpcMessage): Promise<void> {
    if (this.#closed) return;
    const text = `${JSON.stringify(message)}\n`;
    await new Promise<void>((resolve) => {
      if (this.#o.output.write(text)) resolve();
      else this.#o.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#o.input.off('data', this.#onData);
    this.#o.input.off('error', this.#onError);
    this.#o.input.off('end', this.#onEnd);
    this.onclose?.();
  }
}
