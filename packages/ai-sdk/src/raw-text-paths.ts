import type { RawTextPath } from '@argseal/core/kit';

/** A row of {@link RAW_TEXT_PATHS}: the `provider` id the package's models report. */
interface AiSdkRawTextPath extends RawTextPath {
  providerId: string;
}

/**
 * The closed table of AI SDK provider paths whose `tool-call.input` is the provider's own
 * argument text, byte for byte (each row proven by `real-providers.test.ts` against the
 * pinned package on a loopback server). Streamed rows also need the call's input to equal
 * the concatenation of its `tool-input-delta` parts (`@ai-sdk/anthropic` stringifies an
 * `input` object sent in `content_block_start` and emits no delta for it).
 *
 * Not here, so `decoded_only`: `@ai-sdk/anthropic` generate (`tool_use.input` is an object
 * the SDK re-serializes), `@ai-sdk/google` (always `JSON.stringify(functionCall.args)`),
 * `@ai-sdk/openai-compatible` (the provider id is the user's name, so the path cannot be
 * told apart from an unknown one), gateways and every other provider.
 */
export const RAW_TEXT_PATHS: readonly AiSdkRawTextPath[] = [
  { provider: '@ai-sdk/openai', api: 'openai-chat', mode: 'generate', providerId: 'openai.chat' },
  { provider: '@ai-sdk/openai', api: 'openai-chat', mode: 'stream', providerId: 'openai.chat' },
  {
    provider: '@ai-sdk/openai',
    api: 'openai-responses',
    mode: 'generate',
    providerId: 'openai.responses',
  },
  {
    provider: '@ai-sdk/openai',
    api: 'openai-responses',
    mode: 'stream',
    providerId: 'openai.responses',
  },
  {
    provider: '@ai-sdk/anthropic',
    api: 'anthropic-messages',
    mode: 'stream',
    providerId: 'anthropic.messages',
  },
  {
    provider: '@ai-sdk/mistral',
    api: 'mistral-chat',
    mode: 'generate',
    providerId: 'mistral.chat',
  },
  { provider: '@ai-sdk/mistral', api: 'mistral-chat', mode: 'stream', providerId: 'mistral.chat' },
];

/** A language model as the middleware sees it. */
interface ModelLike {
  provider: string;
}

/**
 * True when `model`'s tool-call texts in `mode` are the provider's wire text by the table
 * (the seal's runtime also counts a model declared with `declareRawTextModel`).
 */
export function isRawTextPath(model: object, mode: RawTextPath['mode']): boolean {
  const provider = (model as Partial<ModelLike>).provider;
  return RAW_TEXT_PATHS.some((row) => row.providerId === provider && row.mode === mode);
}
