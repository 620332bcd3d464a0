import { createProvenanceRegistry } from '../../kit/provenance-registry.js';
import { createStrictFetch } from '../strict-fetch.js';

export const JSON_TYPE = 'application/json';
export const SSE_TYPE = 'text/event-stream';

/** A guarded fetch over a stub that answers `body` (in `chunks` bytes at a time, if given). */
export function guarded(
  body: string,
  contentType: string,
  init: { status?: number; chunk?: number } = {},
) {
  const registry = createProvenanceRegistry();
  const bytes = new TextEncoder().encode(body);
  const step = init.chunk ?? bytes.length;
  const base = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < bytes.length; i += step) c.enqueue(bytes.slice(i, i + step));
          c.close();
        },
      }),
      {
        status: init.status ?? 200,
        headers: { 'content-type': contentType, 'content-length': '1' },
      },
    );
  const fetch = createStrictFetch(base as typeof globalThis.fetch, { registry });
  return { registry, call: () => fetch('http://127.0.0.1:9/v1/x', { method: 'POST' }) };
}

/** Reads a stream to its end or error; returns what arrived before the error too. */
export async function drain(response: Response): Promise<{ text: string; error: unknown }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, error: undefined };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, error };
  }
}
