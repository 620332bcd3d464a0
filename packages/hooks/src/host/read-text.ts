import { HookError } from '../errors.js';

/** Largest hook input accepted on stdin (bytes). Host inputs are small JSON documents. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/**
 * Reads a stream to the end as UTF-8 text: fatal on invalid UTF-8 (`input_not_utf8`),
 * bounded (`input_too_large`). Nothing of the input appears in an error.
 */
export async function readText(
  stream: AsyncIterable<Uint8Array | string> | undefined,
  maxBytes = MAX_INPUT_BYTES,
): Promise<string> {
  if (stream === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const encoder = new TextEncoder();
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.byteLength;
    if (size > maxBytes) {
      throw new HookError(
        'input',
        'input_too_large',
        `hook input is larger than ${maxBytes} bytes`,
      );
    }
    chunks.push(bytes);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(all);
  } catch {
    throw new HookError('input', 'input_not_utf8', 'hook input is not valid UTF-8');
  }
}
