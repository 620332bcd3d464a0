import { describe, expect, it } from 'vitest';
import { ToolArgumentsValidationError } from '../errors.js';
import { drain, guarded, JSON_TYPE, SSE_TYPE } from './__fixtures__/guard-harness.js';
import { StrictFetchError } from './types.js';

const CANONICAL = '{"amount":12500,"to":"acct_1"}';
/** Literal argument objects inside a body (not strings): the body decoder sees them. */
const HOSTILE: readonly (readonly [string, string, string])[] = [
  ['duplicate key', '{"to":"acct_1","amount":1,"amount":4000}', 'duplicate_key'],
  ['19-digit integer', '{"amount":1234567890123456789}', 'unsafe_integer'],
  ['lone surrogate escape', '{"to":"\\ud800"}', 'lone_surrogate'],
  ['-0', '{"amount":-0}', 'negative_zero'],
  ['truncated text', '{"amount":50', 'invalid_json'],
];

const gemini = (args: string) =>
  `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"transfer","args":${args}}}]},"finishReason":"STOP"}]}`;
const geminiSse = (args: string) =>
  `data: {"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]}}]}\r\n\r\ndata: ${gemini(args)}\r\n\r\n`;
const mistral = (args: string) =>
  `{"id":"m1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"","tool_calls":[{"id":"abcdefghi","type":"function","function":{"name":"transfer","arguments":${args}}}]},"finish_reason":"tool_calls"}]}`;
const mistralSse = (args: string) =>
  `data: {"id":"m1","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"id":"abcdefghi","function":{"name":"transfer","arguments":${args}}}]},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n`;
const anthropicStartSse = (input: string, delta?: string) =>
  [
    `event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"c","usage":{"input_tokens":1,"output_tokens":1}}}\n\n`,
    `event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"transfer","input":${input}}}\n\n`,
    delta === undefined
      ? ''
      : `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":${JSON.stringify(delta)}}}\n\n`,
    `event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n`,
    `event: message_stop\ndata: {"type":"message_stop"}\n\n`,
  ].join('');

const BODIES = [
  ['Gemini generateContent', gemini, JSON_TYPE, undefined],
  ['Gemini streamGenerateContent SSE', geminiSse, SSE_TYPE, undefined],
  ['Mistral object arguments', mistral, JSON_TYPE, 'abcdefghi'],
  ['Mistral SSE object arguments', mistralSse, SSE_TYPE, 'abcdefghi'],
  [
    'Anthropic SSE input in content_block_start',
    (a: string) => anthropicStartSse(a),
    SSE_TYPE,
    'toolu_1',
  ],
] as const;

async function outcome(body: string, type: string) {
  const { call, registry } = guarded(body, type);
  const result = await call().then(
    async (r) => (type === SSE_TYPE ? drain(r) : { text: await r.text(), error: undefined }),
    (error: unknown) => ({ text: '', error }),
  );
  return { ...result, registry };
}

describe.each(BODIES)('strict fetch, %s', (_name, body, type, id) => {
  it('passes a benign call and records its canonical arguments', async () => {
    const { error, text, registry } = await outcome(body('{"to":"acct_1","amount":1.25e4}'), type);
    expect(error).toBeUndefined();
    expect(text).toContain('1.25e4');
    expect(registry.isChecked({ toolCallId: id ?? 'any-id', canonicalJson: CANONICAL })).toBe(true);
  });

  it.each(HOSTILE)('refuses %s inside the argument object', async (_c, args, code) => {
    const { error, registry } = await outcome(body(args), type);
    expect(ToolArgumentsValidationError.isInstance(error)).toBe(true);
    expect((error as ToolArgumentsValidationError).code).toBe(code);
    expect(String((error as Error).message)).not.toContain('4000');
    expect(registry.size).toBe(0);
  });
});

describe('strict fetch, Anthropic start input plus deltas', () => {
  it('refuses a call whose start input is not empty and that also streams deltas', async () => {
    const { error, registry } = await outcome(
      anthropicStartSse('{"to":"acct_1"}', '{"amount":5}'),
      SSE_TYPE,
    );
    expect(StrictFetchError.isInstance(error)).toBe(true);
    expect((error as StrictFetchError).code).toBe('invalid_stream');
    expect(registry.size).toBe(0);
  });

  it('accepts the usual empty start input followed by deltas', async () => {
    const { error, registry } = await outcome(anthropicStartSse('{}', CANONICAL), SSE_TYPE);
    expect(error).toBeUndefined();
    expect(registry.isChecked({ toolCallId: 'toolu_1', canonicalJson: CANONICAL })).toBe(true);
  });
});
