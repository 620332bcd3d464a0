/**
 * The loopback formats as the real provider packages read them: each SDK must see the
 * scripted tool call with its exact argument text, in generate and stream.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackProvider } from './loopback-server.js';
import type { LoopbackProvider, ProviderApi } from './types.js';

const ARGS = '{"amount":12500,"note":"\\u00e9t\\u00e9"}';
let provider: LoopbackProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

function modelFor(api: ProviderApi, url: string) {
  if (api === 'anthropic-messages') {
    return createAnthropic({ baseURL: `${url}/v1`, apiKey: 'test' })('claude-sonnet-4-5');
  }
  const openai = createOpenAI({ baseURL: `${url}/v1`, apiKey: 'test' });
  return api === 'openai-chat' ? openai.chat('gpt-4o') : openai.responses('gpt-4o');
}

const tools = {
  pay: tool({ inputSchema: jsonSchema({ type: 'object' }) }),
};

describe.each<ProviderApi>(['openai-chat', 'openai-responses', 'anthropic-messages'])(
  'AI SDK reads the %s loopback',
  (api) => {
    const turns = [{ toolCalls: [{ id: 'call_1', name: 'pay', arguments: ARGS }] }];

    it('generate: the tool call input is the exact argument text', async () => {
      provider = await startLoopbackProvider({ api, turns });
      const result = await generateText({
        model: modelFor(api, provider.url),
        prompt: 'go',
        tools,
      });
      expect(result.toolCalls).toHaveLength(1);
      expect(result.toolCalls[0]).toMatchObject({ toolCallId: 'call_1', toolName: 'pay' });
      expect(result.toolCalls[0]!.input).toEqual(JSON.parse(ARGS));
      expect(provider.requests[0]!.stream).toBe(false);
    });

    it('stream: deltas (split inside escapes) reassemble to the same call', async () => {
      provider = await startLoopbackProvider({ api, turns });
      const result = streamText({ model: modelFor(api, provider.url), prompt: 'go', tools });
      const deltas: string[] = [];
      for await (const part of result.fullStream) {
        if (part.type === 'tool-input-delta') deltas.push(part.delta);
        if (part.type === 'error') throw part.error;
      }
      const calls = await result.toolCalls;
      expect(calls[0]!.input).toEqual(JSON.parse(ARGS));
      expect(deltas.join('')).toBe(ARGS);
      expect(provider.requests[0]!.stream).toBe(true);
    });
  },
);
