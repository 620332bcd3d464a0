import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_TOOL, fixtureServer } from './__fixtures__/fixture-server.js';
import { proxiedClient, refusalOf } from './__fixtures__/proxied-client.js';
import { DEFAULT_MAX_MESSAGE_LENGTH } from './transport/decode-message.js';

/** Waits until the proxy answered request `id` on the host side. */
async function answerTo(received: unknown[], id: unknown) {
  for (let i = 0; i < 200; i++) {
    const hit = received.find((m) =>
      id === null
        ? !('id' in (m as object)) && 'error' in (m as object)
        : (m as { id?: unknown }).id === id,
    );
    if (hit)
      return hit as {
        result?: Record<string, unknown>;
        error?: { code: number; data?: { code: string } };
      };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no answer to ${String(id)}`);
}

const call = (id: number, argsText: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":${argsText}}}`;

describe('hostile JSON-RPC texts are refused before anything parses them; upstream never called', () => {
  const upstream = fixtureServer([ECHO_TOOL]);
  let t: Awaited<ReturnType<typeof proxiedClient>>;
  beforeAll(async () => {
    t = await proxiedClient({
      servers: [
        {
          name: 'fx',
          config: { tools: { echo: 'allow' }, pinning: 'trust-first-use' },
          transport: upstream.transport,
        },
      ],
    });
    await t.client.listTools();
  });
  afterAll(() => t?.close());

  const cases: [string, string, string, string][] = [
    [
      'duplicate key in arguments',
      call(101, '{"message":"a","message":"b"}'),
      'duplicate_key',
      '/params/arguments/message',
    ],
    [
      'duplicate key in params',
      '{"jsonrpc":"2.0","id":102,"method":"tools/call","params":{"name":"echo","name":"rm","arguments":{}}}',
      'duplicate_key',
      '/params/name',
    ],
    [
      '19-digit integer',
      call(103, '{"n":1234567890123456789}'),
      'unsafe_integer',
      '/params/arguments/n',
    ],
    [
      'lone surrogate escape',
      call(104, '{"message":"\\ud800"}'),
      'lone_surrogate',
      '/params/arguments/message',
    ],
  ];

  it.each(cases)('%s', async (_name, text, code, path) => {
    const id = Number(/"id":(\d+)/.exec(text)![1]);
    t.pair.writeRaw(text);
    const answer = await answerTo(t.pair.received, id);
    expect(answer.result?.isError).toBe(true);
    const refusal = refusalOf(answer.result);
    expect(refusal).toMatchObject({ code, stage: 'decode', path });
    expect(JSON.stringify(answer)).not.toMatch(/\\ud800|"b"|1234567890123456789|"rm"/);
    expect(upstream.calls).toEqual([]);
  });

  it('an oversized message is refused with max_length_exceeded', async () => {
    t.pair.writeRaw(call(105, JSON.stringify({ message: 'x'.repeat(DEFAULT_MAX_MESSAGE_LENGTH) })));
    const answer = await answerTo(t.pair.received, 105);
    expect(refusalOf(answer.result)?.code).toBe('max_length_exceeded');
    expect(upstream.calls).toEqual([]);
  });

  it('a non-tool message with a duplicate key answers a JSON-RPC parse error with the code', async () => {
    t.pair.writeRaw('{"jsonrpc":"2.0","id":106,"method":"ping","method":"tools/list"}');
    const answer = await answerTo(t.pair.received, 106);
    expect(answer.error).toMatchObject({ code: -32700, data: { code: 'duplicate_key' } });
  });

  it('an unparseable line answers id null; the connection stays usable', async () => {
    t.pair.writeRaw('{"jsonrpc":"2.0",');
    const answer = await answerTo(t.pair.received, null);
    expect(answer.error?.code).toBe(-32700);
    const ok = await t.client.callTool({ name: 'echo', arguments: { message: 'fine' } });
    expect(ok.isError).toBeFalsy();
    expect(upstream.calls).toEqual([{ name: 'echo', arguments: { message: 'fine' } }]);
  });

  it('refusals are audited with stage and code only', async () => {
    const records = await t.audit.records();
    const invalid = records.filter((r) => r.type === 'invalid');
    expect(invalid.map((r) => r.error?.code)).toEqual(
      expect.arrayContaining([
        'duplicate_key',
        'unsafe_integer',
        'lone_surrogate',
        'max_length_exceeded',
      ]),
    );
    expect(JSON.stringify(records)).not.toContain('1234567890123456789');
  });
});
