import { describe, expect, it } from 'vitest';
import { AGENT, ALICE, errorCode, makeConsole } from './__fixtures__/console-fixture.js';

/** A request body that never ends (chunked, no Content-Length); counts the chunks read. */
function endless(chunk = 64 * 1024) {
  const state = { pulled: 0, cancelled: false };
  const bytes = new Uint8Array(chunk).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += 1;
      controller.enqueue(bytes);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('request size limits without Content-Length', () => {
  for (const [path, token] of [
    ['/api/session', undefined],
    ['/api/agent/proposals', AGENT],
    ['/api/proposals/x/decision', ALICE],
  ] as const) {
    it(`${path}: a body that never ends is refused with 413 after the limit, not read to the end`, async () => {
      const cx = makeConsole();
      const before = await cx.snapshot();
      const { stream, state } = endless();
      const res = await cx.app.request(`http://127.0.0.1:7407${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await errorCode(res)).toBe('body_too_large');
      // 1 MiB limit in 64 KiB chunks: a bounded number of reads, then the stream is released.
      expect(state.pulled).toBeLessThanOrEqual(1024 / 64 + 2);
      expect(await cx.snapshot()).toBe(before);
    });
  }

  it('a Content-Length that is not a number is refused before reading', async () => {
    const cx = makeConsole();
    const res = await cx.request('POST', '/api/session', {
      body: { token: ALICE },
      headers: { 'Content-Length': 'abc' },
    });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe('invalid_content_length');
  });
});
