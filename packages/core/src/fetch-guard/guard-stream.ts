import { parseStrictJson } from '../json/parse-strict-json.js';
import { SseSplitter } from './sse-splitter.js';
import { StreamCallTracker } from './stream-calls.js';
import { type GuardContext, StrictFetchError } from './types.js';

/**
 * A byte transform over an SSE body: every event's `data` must pass the strict decoder,
 * and every tool call's reassembled argument text too. Events are forwarded as received,
 * except that while a tool call is open they are held back until the call is complete
 * and checked; a failure errors the stream before the completing event is forwarded.
 */
export function strictSseTransform(ctx: GuardContext): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const encoder = new TextEncoder();
  const splitter = new SseSplitter(ctx.maxBodyLength);
  const tracker = new StreamCallTracker(ctx);
  let held: string[] = [];
  let heldLength = 0;

  const handle = (
    events: readonly { raw: string; data: string | undefined }[],
    out: TransformStreamDefaultController<Uint8Array>,
  ) => {
    for (const event of events) {
      if (event.data === '[DONE]') tracker.finishAll();
      else if (event.data !== undefined && event.data !== '') {
        tracker.onData(
          parseStrictJson(event.data, { maxLength: ctx.maxBodyLength, maxDepth: ctx.maxDepth }),
        );
      }
      held.push(event.raw);
      heldLength += event.raw.length;
      if (heldLength > ctx.maxBodyLength) {
        throw new StrictFetchError('body_too_large', 'a tool call streamed past the size limit');
      }
      if (!tracker.holding) {
        out.enqueue(encoder.encode(held.join('')));
        held = [];
        heldLength = 0;
      }
    }
  };

  return new TransformStream({
    transform(chunk, out) {
      handle(splitter.push(decoder.decode(chunk, { stream: true })), out);
    },
    flush(out) {
      handle(splitter.push(decoder.decode()), out);
      handle(splitter.end(), out);
      tracker.finishAll();
      if (held.length > 0) out.enqueue(encoder.encode(held.join('')));
    },
  });
}
