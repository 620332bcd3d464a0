import type { RawTextPath } from '@argseal/core/kit';
import { OpenAIChatCompletionsModel, OpenAIResponsesModel } from '@openai/agents';

/**
 * The closed table of OpenAI Agents model paths whose function-call `arguments` are the
 * provider's own text, byte for byte (each row proven by `real-providers.test.ts` against
 * the pinned packages on a loopback server): the `openai` client's Responses and Chat
 * Completions models, plain and streamed.
 *
 * Not here, so `decoded_only`: the AI SDK bridge (`aisdk()` from
 * `@openai/agents-extensions` hands on the AI SDK's input, which `@ai-sdk/google` and the
 * non-streamed `@ai-sdk/anthropic` re-serialize), and every other `Model`.
 */
export const RAW_TEXT_PATHS: readonly RawTextPath[] = [
  { provider: '@openai/agents', api: 'openai-responses', mode: 'generate' },
  { provider: '@openai/agents', api: 'openai-responses', mode: 'stream' },
  { provider: '@openai/agents', api: 'openai-chat', mode: 'generate' },
  { provider: '@openai/agents', api: 'openai-chat', mode: 'stream' },
];

/**
 * True when `model`'s function-call texts are the provider's wire text by the table (both
 * modes; the seal's runtime also counts a model declared with `declareRawTextModel`).
 */
export function isRawTextModel(model: object): boolean {
  return model instanceof OpenAIResponsesModel || model instanceof OpenAIChatCompletionsModel;
}
