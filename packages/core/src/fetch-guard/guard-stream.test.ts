import { describe, expect, it } from 'vitest';
import { ArgsealError } from '../errors.js';
import { ANTHROPIC_SSE, CHAT_SSE, RESPONSES_SSE } from './__fixtures__/bodies.js';
import { drain, guarded, SSE_TYPE } from './__fixtures__/guard-harness.js';

const CANONICAL = '{"amount":12500,"to":"é"}';
// split inside the \u escape and inside the number
const BENIGN = ['{"to":"\\u0', '0e9","amo', 'unt":1.2', '5e4}'];

const HOSTILE: readonly (readonly [string, readonly string[], string])[] = [
  ['duplicate key', ['{"amount":1,', '"amount":4000}'], 'duplicate_key'],
  ['19-digit integer', ['{"id":12345678', '90123456789}'], 'unsafe_integer'],
  ['lone surrogate escape', ['{"to":"\\ud8', '00"}'], 'lone_surrogate'],
  ['-0', ['{"amount":-', '0}'], 'negative_zero'],
  ['truncated text', ['{"amount":5', '0'], 'invalid_json'],
  ['two concatenated objects', ['{"amount":1}', '{"amount":2}'], 'trailing_data'],
];

const code = (e: unknown) => (ArgsealError.isInstance(e) ? e.code : String(e));

describe.each([
  ['chat completions', CHAT_SSE, 'call_1'],
  ['responses', RESPONSES_SSE, 'call_1'],
  ['anthropic messages', ANTHROPIC_SSE, 'toolu_1'],
])('strict fetch, %s SSE', (_name, body, id) => {
  it('forwards a benign stream byte for byte and records the call', async () => {
    const { call, registry } = guarded(body(BENIGN), SSE_TYPE);
    const { text, error } = await drain(await call());
    expect(error).toBeUndefined();
    expect(text).toBe(body(BENIGN));
    expect(registry.isChecked({ toolCallId: id, canonicalJson: CANONICAL })).toBe(true);
  });

  it('is unaffected by how the bytes are chunked (1 byte at a time, CRLF lines)', async () => {
    const crlf = body(BENIGN).replaceAll('\n', '\r\n');
    const { text, error } = await drain(await guarded(crlf, SSE_TYPE, { chunk: 1 }).call());
    expect(error).toBeUndefined();
    expect(text).toBe(crlf);
  });

  it.each(HOSTILE)(
    'errors on %s before the call reaches the consumer',
    async (_case, deltas, expected) => {
      const { call, registry } = guarded(body(deltas), SSE_TYPE);
      const { text, error } = await drain(await call());
      expect(code(error)).toBe(expected);
      expect((error as Error).message).not.toMatch(/4000|1234567890|ud800/);
      // nothing about the call was forwarded: not its opening event, not one delta
      expect(text).not.toContain(id);
      expect(text).not.toContain('amount');
      expect(registry.size).toBe(0);
    },
  );
});

describe('strict fetch, stream structure', () => {
  it('refuses Responses deltas that disagree with the completing event', async () => {
    const { text, error } = await drain(
      await guarded(RESPONSES_SSE(['{"amount":1}'], '{"amount":9}'), SSE_TYPE).call(),
    );
    expect(code(error)).toBe('inconsistent_arguments');
    expect(text).not.toContain('call_1');
  });

  it('refuses a response.completed whose call differs from its streamed events', async () => {
    const body = RESPONSES_SSE(['{"amount":1}']).replace(
      /("type":"response.completed".*)\{\\"amount\\":1\}/,
      '$1{\\"amount\\":9}',
    );
    expect(body).toContain('{\\"amount\\":9}');
    const { text, error } = await drain(await guarded(body, SSE_TYPE).call());
    expect(code(error)).toBe('inconsistent_arguments');
    expect(text).not.toContain('response.completed');
  });

  it('refuses an argument delta for a call never opened', async () => {
    const body = RESPONSES_SSE(['{}']).replace(/event: response\.output_item\.added\n.*\n\n/, '');
    expect(code((await drain(await guarded(body, SSE_TYPE).call())).error)).toBe('invalid_stream');
  });

  it('refuses an event whose data is not strict JSON', async () => {
    const body = 'data: {"object":"chat.completion.chunk","choices":[],"choices":[]}\n\n';
    expect(code((await drain(await guarded(body, SSE_TYPE).call())).error)).toBe('duplicate_key');
  });

  it('checks a call left open when the stream ends', async () => {
    const cut = CHAT_SSE(['{"amount":5', '0']).split(
      'data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish',
    )[0]!;
    const { text, error } = await drain(await guarded(cut, SSE_TYPE).call());
    expect(code(error)).toBe('invalid_json');
    expect(text).not.toContain('call_1');
  });

  it('records an Anthropic tool_use without deltas by its start input', async () => {
    const { call, registry } = guarded(ANTHROPIC_SSE([]), SSE_TYPE);
    expect((await drain(await call())).error).toBeUndefined();
    expect(registry.isChecked({ toolCallId: 'toolu_1', canonicalJson: '{}' })).toBe(true);
  });

  it('passes comments and keeps text before a tool call flowing', async () => {
    const body = `: ping\n\n${CHAT_SSE(BENIGN)}`;
    const { text, error } = await drain(await guarded(body, SSE_TYPE).call());
    expect(error).toBeUndefined();
    expect(text).toBe(body);
  });
});
