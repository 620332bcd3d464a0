import { describe, expect, it } from 'vitest';
import { ArgsealError, ToolArgumentsValidationError } from '../errors.js';
import { ANTHROPIC, CHAT, RESPONSES } from './__fixtures__/bodies.js';
import { guarded, JSON_TYPE } from './__fixtures__/guard-harness.js';

const BENIGN = '{"to":"acct_1","amount":12500}';
const CANONICAL = '{"amount":12500,"to":"acct_1"}';

const HOSTILE: readonly (readonly [string, string, string])[] = [
  ['duplicate key', '{"amount":1,"amount":4000}', 'duplicate_key'],
  ['19-digit integer', '{"id":1234567890123456789}', 'unsafe_integer'],
  ['lone surrogate escape', '{"to":"\\ud800"}', 'lone_surrogate'],
  ['-0', '{"amount":-0}', 'negative_zero'],
  ['truncated text', '{"amount":50', 'invalid_json'],
  ['two concatenated objects', '{"amount":1}{"amount":2}', 'trailing_data'],
];

async function refusal(promise: Promise<unknown>): Promise<ToolArgumentsValidationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(ToolArgumentsValidationError.isInstance(error)).toBe(true);
  return error as ToolArgumentsValidationError;
}

describe.each([
  ['chat completions', CHAT, 'call_1'],
  ['responses', RESPONSES, 'call_1'],
])('strict fetch, %s JSON', (_name, body, id) => {
  it('passes a benign body through and records the call by id and canonical text', async () => {
    const { call, registry } = guarded(body(BENIGN), JSON_TYPE);
    const response = await call();
    expect(await response.text()).toBe(body(BENIGN));
    expect(response.headers.get('content-length')).toBeNull();
    expect(registry.isChecked({ toolCallId: id, canonicalJson: CANONICAL })).toBe(true);
    expect(registry.isChecked({ toolCallId: 'other', canonicalJson: CANONICAL })).toBe(false);
  });

  it.each(HOSTILE)('refuses %s in the argument text, payload-free', async (_case, args, code) => {
    const { call, registry } = guarded(body(args), JSON_TYPE);
    const error = await refusal(call());
    expect(error).toMatchObject({ code, stage: 'decode', tool: 'pay' });
    expect(error.message).not.toMatch(/4000|1234567890|ud800/);
    expect(registry.size).toBe(0);
  });
});

describe('strict fetch, Anthropic Messages JSON (input arrives decoded)', () => {
  it('records the literal input object, canonicalized', async () => {
    const { call, registry } = guarded(ANTHROPIC(BENIGN), JSON_TYPE);
    await (await call()).text();
    expect(registry.isChecked({ toolCallId: 'toolu_1', canonicalJson: CANONICAL })).toBe(true);
  });

  it.each(HOSTILE)('refuses %s in the input as a body failure', async (_case, input, code) => {
    const { call, registry } = guarded(ANTHROPIC(input), JSON_TYPE);
    const error = await refusal(call());
    expect(error.code).toBe(code === 'trailing_data' ? 'invalid_json' : code);
    expect(error.message).not.toMatch(/4000|1234567890|ud800/);
    expect(registry.size).toBe(0);
  });

  it('names the JSON Pointer inside the body', async () => {
    const error = await refusal(guarded(ANTHROPIC('{"a":1,"a":2}'), JSON_TYPE).call());
    expect(error.path).toBe('/content/0/input/a');
  });
});

describe('strict fetch, envelopes and pass-through', () => {
  it('refuses a duplicate key in the envelope itself', async () => {
    const error = await refusal(guarded('{"id":"a","id":"b"}', JSON_TYPE).call());
    expect(error.code).toBe('duplicate_key');
  });

  it('records nothing from a body whose second call fails', async () => {
    const two = CHAT(BENIGN).replace(
      '}]},"finish_reason"',
      '},{"id":"call_2","type":"function","function":{"name":"pay","arguments":"{\\"a\\":1,\\"a\\":2}"}}]},"finish_reason"',
    );
    const { call, registry } = guarded(two, JSON_TYPE);
    expect((await refusal(call())).code).toBe('duplicate_key');
    expect(registry.size).toBe(0);
  });

  it('passes error statuses and other content types through untouched', async () => {
    const bad = '{"error":1,"error":2}';
    expect(await (await guarded(bad, JSON_TYPE, { status: 400 }).call()).text()).toBe(bad);
    expect(await (await guarded(bad, 'text/plain').call()).text()).toBe(bad);
  });

  it('checks a body without content type as JSON', async () => {
    expect((await refusal(guarded('{"a":1,"a":2}', '').call())).code).toBe('duplicate_key');
  });

  it('refuses a body past the size limit with body_too_large', async () => {
    const { createStrictFetch } = await import('./strict-fetch.js');
    const base = async () => new Response(CHAT(BENIGN), { headers: { 'content-type': JSON_TYPE } });
    const f = createStrictFetch(base as typeof fetch, { maxBodyLength: 10 });
    const error = await f('http://127.0.0.1:9').catch((e: unknown) => e);
    expect(ArgsealError.isInstance(error) && error.code).toBe('body_too_large');
  });
});
