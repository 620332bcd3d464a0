import { parseStrictJson } from '@argseal/core/data';
import type { Context } from 'hono';
import { HttpError } from './http-errors.js';

/** Largest request body the console reads (proposals carry arguments: 1 MiB). */
const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = (maxBytes: number) =>
  new HttpError('body_too_large', `the body is larger than ${maxBytes} bytes`);

/**
 * Reads a body stream up to `maxBytes`; one byte more and the stream is cancelled (413), so a
 * body without Content-Length (chunked) or with a false one is never buffered past the limit.
 */
async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Reads a JSON request body strictly: `Content-Type: application/json` (415 otherwise), at
 * most `maxBytes` (413, counted while reading, whatever Content-Length says), and parsed by core's strict parser (400 `invalid_json`: malformed text,
 * duplicate keys, unsafe integers, lone surrogates).
 */
export async function readJsonBody(c: Context, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError('unsupported_media_type', 'send the body as application/json');
  }
  const length = c.req.header('content-length');
  if (length !== undefined && !/^[0-9]{1,16}$/.test(length.trim()))
    throw new HttpError('invalid_content_length', 'Content-Length must be a number');
  if (length !== undefined && Number(length) > maxBytes) throw tooLarge(maxBytes);
  const buffer = await readLimited(c.req.raw.body, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new HttpError('invalid_json', 'the body is not valid UTF-8');
  }
  try {
    return parseStrictJson(text, { maxLength: maxBytes });
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'syntax';
    throw new HttpError('invalid_json', `the body is not strict JSON (${code})`);
  }
}

/** Requires a plain object whose keys are all in `allowed` (400 `invalid_body`/`unknown_field`). */
export function expectObject(
  value: unknown,
  allowed: readonly string[],
  what: string,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError('invalid_body', `${what} must be a JSON object`);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      throw new HttpError('unknown_field', `${what}: unknown field "${key}"`);
  }
  return value as Record<string, unknown>;
}
