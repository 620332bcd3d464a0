import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { quote } from './display.js';
import { CliInputError, CliUsageError } from './errors.js';
import type { CliIo } from './io.js';

/**
 * Reads the whole input of a command as text: the file `file`, or standard input when
 * `file` is `-` or absent. Bytes must be valid UTF-8 (else `decode/invalid_utf8`); a
 * byte order mark is kept, so strict decoding rejects it. Reading stops early once the
 * input is certainly longer than `maxLength` UTF-16 code units (`decode/max_length_exceeded`).
 *
 * @throws {CliUsageError} `unreadable_file` when the file cannot be opened or read.
 * @throws {CliInputError} for invalid UTF-8 or oversize input.
 */
export async function readInput(
  file: string | undefined,
  io: CliIo,
  maxLength: number,
): Promise<string> {
  if (file === undefined || file === '-') {
    return readChunks(io.stdin ?? noInput(), maxLength, 'standard input');
  }
  const fullPath = resolve(io.cwd ?? process.cwd(), file);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(fullPath, 'r');
  } catch (cause) {
    throw unreadable(quote(file), cause);
  }
  try {
    return await readChunks(handle.createReadStream({ autoClose: false }), maxLength, quote(file));
  } finally {
    await handle.close().catch(() => {});
  }
}

/** `what` is display-safe: a quoted file name or `standard input`. */
function unreadable(what: string, cause: unknown): CliUsageError {
  const code = (cause as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' && /^E[A-Z]+$/.test(code) ? ` (${code})` : '';
  return new CliUsageError('unreadable_file', `cannot read ${what}${reason}`);
}

async function* noInput(): AsyncGenerator<Uint8Array> {}

async function readChunks(
  source: AsyncIterable<Uint8Array | string>,
  maxLength: number,
  what: string,
): Promise<string> {
  // Every UTF-16 code unit takes at most 3 UTF-8 bytes, so more bytes than this
  // means the text is longer than maxLength.
  const byteLimit = maxLength * 3;
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let bytes = 0;
  let text = '';
  try {
    for await (const chunk of source) {
      if (typeof chunk === 'string') {
        text += decodeOrReject(decoder) + chunk;
      } else {
        bytes += chunk.byteLength;
        if (bytes > byteLimit) throw new CliInputError('max_length_exceeded');
        text += decodeOrReject(decoder, chunk);
      }
      if (text.length > maxLength) throw new CliInputError('max_length_exceeded');
    }
  } catch (error) {
    if (error instanceof CliInputError) throw error;
    throw unreadable(what, error);
  }
  return text + decodeOrReject(decoder);
}

function decodeOrReject(decoder: TextDecoder, chunk?: Uint8Array): string {
  try {
    return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
  } catch {
    throw new CliInputError('invalid_utf8');
  }
}
