import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackProvider } from './loopback-server.js';
import type { LoopbackProvider, ProviderApi } from './types.js';

const ARGS = '{"amount":1,"note":"\\u00e9t\\u00e9"}';
const PATHS: Record<ProviderApi, string> = {
  'openai-chat': '/v1/chat/completions',
  'openai-responses': '/v1/responses',
  'anthropic-messages': '/v1/messages?beta=true',
  'anthropic-start-input': '/v1/messages',
  'mistral-chat': '/v1/chat/completions',
  gemini: '/v1beta/models/gemini-2.5-flash:generateContent',
};

let provider: LoopbackProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

async function post(api: ProviderApi, body: unknown): Promise<Response> {
  return fetch(`${provider!.url}${PATHS[api]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function start(api: ProviderApi, splitAt?: number[]) {
  return startLoopbackProvider({
    api,
    turns: [
      {
        toolCalls: [
          { id: 'call_1', name: 'pay', arguments: ARGS, ...(splitAt ? { splitAt } : {}) },
        ],
      },
      { text: 'done' },
    ],
  });
}

function sseData(text: string): any[] {
  return text
    .split('\n\n')
    .flatMap((block) => block.split('\n').filter((l) => l.startsWith('data: ')))
    .map((l) => l.slice(6))
    .filter((d) => d !== '[DONE]')
    .map((d) => JSON.parse(d));
}

describe('startLoopbackProvider', () => {
  it('binds 127.0.0.1 and records requests', async () => {
    provider = await start('openai-chat');
    expect(provider.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await (await post('openai-chat', { model: 'm1', messages: [] })).text();
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      stream: false,
    });
    expect(provider.requests[0]!.body).toEqual({ model: 'm1', messages: [] });
  });

  it('chat JSON carries the argument text as the function.arguments string', async () => {
    provider = await start('openai-chat');
    const body = await (await post('openai-chat', { model: 'm' })).json();
    expect(body.choices[0].message.tool_calls[0].function).toEqual({
      name: 'pay',
      arguments: ARGS,
    });
    expect(body.choices[0].finish_reason).toBe('tool_calls');
  });

  it('anthropic JSON inserts the argument text literally as input', async () => {
    provider = await startLoopbackProvider({
      api: 'anthropic-messages',
      turns: [{ toolCalls: [{ id: 't1', name: 'pay', arguments: '{"a":1,"a":2}' }] }],
    });
    const text = await (await post('anthropic-messages', { model: 'm' })).text();
    expect(text).toContain('"input":{"a":1,"a":2}');
    expect(JSON.parse(text).stop_reason).toBe('tool_use');
  });

  it.each<ProviderApi>(['openai-chat', 'openai-responses', 'anthropic-messages'])(
    '%s SSE reassembles to the exact argument text, split inside escapes',
    async (api) => {
      provider = await start(api, [4, 24, 31]);
      const res = await post(api, { model: 'm', stream: true });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const events = sseData(await res.text());
      const deltas =
        api === 'openai-chat'
          ? events.flatMap((e) => e.choices?.[0]?.delta?.tool_calls?.[0]?.function?.arguments ?? [])
          : api === 'openai-responses'
            ? events
                .filter((e) => e.type === 'response.function_call_arguments.delta')
                .map((e) => e.delta)
            : events
                .filter((e) => e.delta?.type === 'input_json_delta')
                .map((e) => e.delta.partial_json);
      expect(deltas.join('')).toBe(ARGS);
      expect(deltas.some((d: string) => /\\u00$/.test(d))).toBe(true);
      expect(provider.requests[0]!.stream).toBe(true);
    },
  );

  it('anthropic SSE follows the Messages event order', async () => {
    provider = await start('anthropic-messages');
    const events = sseData(await (await post('anthropic-messages', { stream: true })).text());
    const types = [...new Set(events.map((e) => e.type))];
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[1].content_block).toEqual({
      type: 'tool_use',
      id: 'call_1',
      name: 'pay',
      input: {},
    });
    expect(events.at(-2).delta.stop_reason).toBe('tool_use');
  });

  it('responses SSE ends with response.completed carrying usage and the function_call', async () => {
    provider = await start('openai-responses');
    const events = sseData(await (await post('openai-responses', { stream: true })).text());
    const done = events.find((e) => e.type === 'response.output_item.done');
    expect(done.item).toMatchObject({
      type: 'function_call',
      call_id: 'call_1',
      name: 'pay',
      arguments: ARGS,
    });
    const completed = events.at(-1);
    expect(completed.type).toBe('response.completed');
    expect(completed.response.usage.total_tokens).toBeGreaterThan(0);
  });

  it('answers 409 past the script and 404 off the endpoint, both recorded', async () => {
    provider = await startLoopbackProvider({ api: 'openai-responses', turns: [{ text: 'hi' }] });
    expect((await post('openai-responses', {})).status).toBe(200);
    expect((await post('openai-responses', {})).status).toBe(409);
    expect((await fetch(`${provider.url}/v1/models`)).status).toBe(404);
    expect(provider.requests.map((r) => r.path)).toEqual([
      '/v1/responses',
      '/v1/responses',
      '/v1/models',
    ]);
  });

  it('stops itself after maxRequests', async () => {
    provider = await startLoopbackProvider({
      api: 'openai-chat',
      turns: [{ text: 'a' }],
      maxRequests: 1,
    });
    await (await post('openai-chat', {})).text();
    await expect(post('openai-chat', {})).rejects.toThrow();
  });

  it('stops itself after its lifetime', async () => {
    provider = await startLoopbackProvider({ api: 'openai-chat', turns: [], lifetimeMs: 1 });
    await new Promise((r) => setTimeout(r, 50));
    await expect(post('openai-chat', {})).rejects.toThrow();
  });

  it('sends a raw turn verbatim', async () => {
    provider = await startLoopbackProvider({
      api: 'openai-chat',
      turns: [{ raw: { body: '{"id":1,"id":2}', status: 200 } }],
    });
    expect(await (await post('openai-chat', {})).text()).toBe('{"id":1,"id":2}');
  });

  it('gemini JSON inserts the argument text literally as functionCall.args', async () => {
    provider = await start('gemini');
    const res = await post('gemini', { contents: [] });
    const text = await res.text();
    expect(text).toContain(`"args":${ARGS}`);
    expect(JSON.parse(text).candidates[0].content.parts[0].functionCall.name).toBe('pay');
  });

  it('gemini streams on the streamGenerateContent path, each call whole in one event', async () => {
    provider = await start('gemini');
    const res = await fetch(
      `${provider.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      { method: 'POST', body: '{"contents":[]}' },
    );
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const calls = sseData(await res.text()).flatMap((d) =>
      d.candidates[0].content.parts.filter((p: any) => p.functionCall),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].functionCall.args).toEqual(JSON.parse(ARGS));
    expect(provider.requests[0]!.stream).toBe(true);
  });

  it('anthropic-start-input streams the whole input in content_block_start, no deltas', async () => {
    provider = await start('anthropic-start-input');
    const res = await post('anthropic-start-input', { stream: true });
    const events = sseData(await res.text());
    const opened = events.find(
      (e) => e.type === 'content_block_start' && e.content_block.type === 'tool_use',
    );
    expect(opened.content_block.input).toEqual(JSON.parse(ARGS));
    expect(events.some((e) => e.delta?.type === 'input_json_delta')).toBe(false);
    expect(events.at(-1).type).toBe('message_stop');
  });

  it('mistral SSE sends each call whole with its name, usage on the finish chunk', async () => {
    provider = await start('mistral-chat');
    const res = await post('mistral-chat', { stream: true });
    const chunks = sseData(await res.text()).filter((d) => d !== '[DONE]');
    expect(chunks.every((c) => c.choices.length === 1)).toBe(true);
    const calls = chunks.flatMap((c) => c.choices[0].delta.tool_calls ?? []);
    expect(calls).toHaveLength(1);
    expect(calls[0].function).toEqual({ name: 'pay', arguments: ARGS });
    expect(chunks.at(-1).usage.total_tokens).toBe(18);
  });
});
