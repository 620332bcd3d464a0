import type { RawTextPath } from '@argseal/core/kit';
import type { RawTextSource } from './raw-arguments.js';

/** A row of {@link RAW_TEXT_PATHS}: the model class and where in its message the text is. */
interface LangChainRawTextPath extends RawTextPath {
  /** The chat model class's `lc_name()`. */
  model: string;
  /** Where the text sits in the `AIMessage` on this path. */
  source: RawTextSource;
}

/**
 * The closed table of LangChain chat-model paths whose argument text is the provider's own
 * text, byte for byte (each row proven by `real-providers.test.ts` against the pinned
 * package on a loopback server).
 *
 * Not here, so `decoded_only`: `ChatAnthropic` generate (`tool_use.input` is an object),
 * `ChatGoogleGenerativeAI` (its `tool_call_chunks` are `JSON.stringify(functionCall.args)`),
 * `ChatMistralAI` (an object `arguments` is stringified into the chunks; generate keeps no
 * text), and every other model.
 */
export const RAW_TEXT_PATHS: readonly LangChainRawTextPath[] = [
  row('@langchain/openai', 'openai-chat', 'generate', 'ChatOpenAI', 'kwargs'),
  row('@langchain/openai', 'openai-chat', 'stream', 'ChatOpenAI', 'chunks'),
  row('@langchain/openai', 'openai-responses', 'generate', 'ChatOpenAI', 'responses'),
  row('@langchain/openai', 'openai-responses', 'stream', 'ChatOpenAI', 'chunks'),
  row('@langchain/anthropic', 'anthropic-messages', 'stream', 'ChatAnthropic', 'chunks'),
];

function row(
  provider: string,
  api: string,
  mode: RawTextPath['mode'],
  model: string,
  source: RawTextSource,
): LangChainRawTextPath {
  return { provider, api, mode, model, source };
}

/** The chat model class's `lc_name()`, when it has one. */
function lcName(model: unknown): string | undefined {
  const ctor = (model as { constructor?: { lc_name?: () => unknown } } | null)?.constructor;
  try {
    const name = typeof ctor?.lc_name === 'function' ? ctor.lc_name() : undefined;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when a text found at `source` of `model`'s message is the provider's wire text by a
 * row of {@link RAW_TEXT_PATHS} (the middleware's runtime also counts a model declared with
 * `declareRawTextModel`). An `invalid_tool_calls` text counts where the model's other
 * sources do.
 */
export function isRawTextSource(model: object, source: RawTextSource): boolean {
  const name = lcName(model);
  return RAW_TEXT_PATHS.some(
    (r) =>
      r.model === name &&
      (r.source === source || (source === 'invalid' && r.model === 'ChatOpenAI')),
  );
}
