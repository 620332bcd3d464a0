import { createAuthorizer, declareRawTextModel } from '@argseal/core';
import { createAdapterRuntime } from '@argseal/core/kit';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { isRawTextModel } from './raw-text-paths.js';

describe('OpenAI Agents raw-text table', () => {
  // the models only keep the client: nothing is requested here
  const client = {} as never;

  it("trusts the openai client's Responses and Chat Completions models", () => {
    expect(isRawTextModel(new OpenAIResponsesModel(client, 'm'))).toBe(true);
    expect(isRawTextModel(new OpenAIChatCompletionsModel(client, 'm'))).toBe(true);
  });

  it('any other Model (a bridge, a custom model) is decoded-only unless declared', () => {
    const custom = { getResponse: async () => ({}), getStreamedResponse: async function* () {} };
    expect(isRawTextModel(custom)).toBe(false);
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: () => ({ type: 'allow' }),
      approvals: null,
    });
    const rt = createAdapterRuntime({
      adapter: '@argseal/openai-agents',
      options: { authorizer },
      ownKeys: [],
      rawTextPath: isRawTextModel,
    });
    expect(rt.isRawText(custom, 'generate')).toBe(false);
    const declared = declareRawTextModel(custom);
    expect(rt.isRawText(declared, 'generate') && rt.isRawText(declared, 'stream')).toBe(true);
    expect(isRawTextModel(declared)).toBe(false); // the table alone: declared models are the runtime's
  });
});
