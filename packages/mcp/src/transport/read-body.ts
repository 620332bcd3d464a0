import type { IncomingMessage } from 'node:http';

/** A request body as text, or why it was refused (too large, not UTF-8). */
export type BodyResult =
  | { ok: true; text: string }
  | { ok: false; code: 'max_length_exceeded' | 'invalid_utf8' };

/** Reads a request body of at most `maxBytes`, decoding UTF-8 fatally. Past the limit the rest is drained, not kept. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes) return { ok: false, code: 'max_length_exceeded' };
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)),
    };
  } catch {
    return { ok: false, code: 'invalid_utf8' };
  }
}
