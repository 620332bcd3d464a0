/**
 * The provider packages' models, pointed at a loopback provider. The suite owns the
 * pinned provider packages; drivers get ready models and keep to their framework.
 * Retries are off: a retry would consume the next scripted turn.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatOpenAI } from '@langchain/openai';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@openai/agents';
import OpenAI from 'openai';
import type { DriverSessionInit } from './driver.js';

const OPENAI_MODEL = 'gpt-4.1-mini';
const ANTHROPIC_MODEL = 'claude-sonnet-4-5';

type Init = Pick<DriverSessionInit, 'target' | 'url' | 'fetch' | 'mode'>;
const withFetch = (init: Init) => (init.fetch ? { fetch: init.fetch } : {});

/** The AI SDK's language model type, as the provider packages return it. */
export type AiSdkModel = ReturnType<ReturnType<typeof createOpenAI>['chat']>;

/** `@ai-sdk/openai` (`.chat` / `.responses`) or `@ai-sdk/anthropic` language model. */
export function aiSdkModel(init: Init): AiSdkModel {
  const common = { baseURL: `${init.url}/v1`, apiKey: 'test', ...withFetch(init) };
  if (init.target.api === 'anthropic-messages') return createAnthropic(common)(ANTHROPIC_MODEL);
  const openai = createOpenAI(common);
  return init.target.api === 'openai-chat'
    ? openai.chat(OPENAI_MODEL)
    : openai.responses(OPENAI_MODEL);
}

/** `@openai/agents` OpenAIResponsesModel or OpenAIChatCompletionsModel over an `openai` client. */
export function agentsModel(init: Init) {
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

/** `@langchain/openai` ChatOpenAI (Chat Completions or Responses API) or `@langchain/anthropic`. */
export function langchainModel(init: Init) {
  const streaming = init.mode === 'stream';
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
