/**
 * The provider packages' models, pointed at a loopback provider. The suite owns the
 * pinned provider packages; drivers get ready models and keep to their framework.
 * Retries are off: a retry would consume the next scripted turn.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatMistralAI } from '@langchain/mistralai';
import { ChatOpenAI } from '@langchain/openai';
import { HTTPClient } from '@mistralai/mistralai/lib/http.js';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@openai/agents';
import { aisdk } from '@openai/agents-extensions/ai-sdk';
import OpenAI from 'openai';
import type { DriverSessionInit } from './driver.js';

const OPENAI_MODEL = 'gpt-4.1-mini';
const ANTHROPIC_MODEL = 'claude-sonnet-4-5';

type Init = Pick<DriverSessionInit, 'target' | 'url' | 'fetch' | 'mode'>;
const withFetch = (init: Init) => (init.fetch ? { fetch: init.fetch } : {});

/** The AI SDK's language model type, as the provider packages return it. */
export type AiSdkModel = ReturnType<ReturnType<typeof createOpenAI>['chat']>;

const GEMINI_MODEL = 'gemini-2.5-flash';
const MISTRAL_MODEL = 'mistral-large-latest';

/**
 * The target's AI SDK language model: `@ai-sdk/openai` (`.chat` / `.responses`),
 * `@ai-sdk/anthropic` (also against an Anthropic-compatible server that streams the whole
 * input in `content_block_start`), `@ai-sdk/google`, `@ai-sdk/mistral` or
 * `@ai-sdk/openai-compatible` (Chat Completions wire).
 */
export function aiSdkModel(init: Init): AiSdkModel {
  const common = { baseURL: `${init.url}/v1`, apiKey: 'test', ...withFetch(init) };
  const { provider, api } = init.target;
  if (provider === '@ai-sdk/google') return createGoogleGenerativeAI(common)(GEMINI_MODEL);
  if (provider === '@ai-sdk/mistral') return createMistral(common)(MISTRAL_MODEL);
  if (provider === '@ai-sdk/openai-compatible') {
    return createOpenAICompatible({ ...common, name: 'loopback' }).chatModel(OPENAI_MODEL);
  }
  if (api === 'anthropic-messages' || api === 'anthropic-start-input') {
    return createAnthropic(common)(ANTHROPIC_MODEL);
  }
  const openai = createOpenAI(common);
  return api === 'openai-chat' ? openai.chat(OPENAI_MODEL) : openai.responses(OPENAI_MODEL);
}

/** The AI SDK provider package a bridge target (`aisdk(@ai-sdk/google)`) wraps, if any. */
const bridged = (provider: string) => /^aisdk\((.+)\)$/.exec(provider)?.[1];

/**
 * `@openai/agents` OpenAIResponsesModel or OpenAIChatCompletionsModel over an `openai`
 * client, or for a target `aisdk(<package>)` that AI SDK provider's model through the
 * `aisdk()` bridge of `@openai/agents-extensions`.
 */
export function agentsModel(init: Init) {
  const inner = bridged(init.target.provider);
  if (inner !== undefined) {
    return aisdk(aiSdkModel({ ...init, target: { ...init.target, provider: inner } }) as never);
  }
  const client = new OpenAI({
    baseURL: `${init.url}/v1`,
    apiKey: 'test',
    maxRetries: 0,
    ...withFetch(init),
  });
  if (init.target.api === 'openai-chat')
    return new OpenAIChatCompletionsModel(client, OPENAI_MODEL);
  if (init.target.api === 'openai-responses') return new OpenAIResponsesModel(client, OPENAI_MODEL);
  throw new Error(`@openai/agents: no model for ${init.target.api}`);
}

/**
 * `@langchain/openai` ChatOpenAI (Chat Completions or Responses API), `@langchain/anthropic`,
 * `@langchain/google-genai` (no fetch hook: `init.fetch` is not used) or
 * `@langchain/mistralai` (the guard as the Mistral client's `HTTPClient` fetcher).
 */
export function langchainModel(init: Init) {
  const streaming = init.mode === 'stream';
  if (init.target.provider === '@langchain/google-genai') {
    return new ChatGoogleGenerativeAI({
      model: GEMINI_MODEL,
      apiKey: 'test',
      baseUrl: init.url,
      maxRetries: 0,
      streaming,
    });
  }
  if (init.target.provider === '@langchain/mistralai') {
    const fetcher = init.fetch;
    return new ChatMistralAI({
      model: MISTRAL_MODEL,
      apiKey: 'test',
      serverURL: init.url,
      maxRetries: 0,
      streaming,
      ...(fetcher
        ? { httpClient: new HTTPClient({ fetcher: (input, i) => fetcher(input, i) }) }
        : {}),
    });
  }
  if (init.target.api === 'anthropic-messages') {
    return new ChatAnthropic({
      model: ANTHROPIC_MODEL,
      apiKey: 'test',
      anthropicApiUrl: init.url,
      maxRetries: 0,
      streaming,
      clientOptions: { ...withFetch(init) },
    });
  }
  return new ChatOpenAI({
    model: OPENAI_MODEL,
    apiKey: 'test',
    maxRetries: 0,
    streaming,
    useResponsesApi: init.target.api === 'openai-responses',
    configuration: { baseURL: `${init.url}/v1`, ...withFetch(init) },
  });
}
