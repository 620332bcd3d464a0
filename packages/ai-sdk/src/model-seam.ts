import { decodedFromText, prepareForHistory } from '@argseal/core/kit';
import type { LanguageModelMiddleware } from 'ai';
import { callOptions, type SealRuntime } from './runtime.js';

type ToolCallPart = {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: string;
  providerExecuted?: boolean;
};

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;
type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
type StreamResult = Awaited<ReturnType<WrapStream>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

const isToolCall = (part: { type: string }): part is ToolCallPart => part.type === 'tool-call';

/**
 * True when the provider decoded the call before the SDK saw it: Anthropic Messages
 * non-streaming responses carry `tool_use.input` as an object, which `@ai-sdk/anthropic`
 * re-serializes (duplicate keys and `-0` are already gone). Closed: an Anthropic model
 * without a response body counts as decoded too.
 */
function decodedByProvider(result: GenerateResult, provider: string, toolCallId: string) {
  const content = (result.response?.body as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return provider.includes('anthropic');
  return content.some(
    (b) => b?.type === 'tool_use' && b.id === toolCallId && typeof b.input === 'object',
  );
}

/**
 * Model-side seam: each sealed tool call's raw text is prepared once and replaced by
 * what history must carry (`historyArguments`, or the refusal text: not JSON, so the SDK
 * records an invalid call, never executed, and tells the model).
 */
async function sealPart<Context>(
  rt: SealRuntime<Context>,
  part: ToolCallPart,
  decoded = false,
): Promise<ToolCallPart> {
  if (part.providerExecuted === true) return part;
  const tool = rt.tools.get(part.toolName);
  if (tool === undefined) return part; // not ours: the SDK reports an unknown tool itself
  // Like the SDK, treat empty argument text as an empty object.
  const raw = part.input.trim() === '' ? '{}' : part.input;
  const options = await callOptions(rt, part.toolCallId);
  const input = decoded ? decodedFromText(raw) : raw;
  const sealed = await prepareForHistory(rt.authorizer, rt.ledger, tool, input, options);
  return { ...part, input: sealed.text };
}

export function createModelSeam<Context>(rt: SealRuntime<Context>): LanguageModelMiddleware {
  const wrapGenerate: WrapGenerate = async ({ doGenerate, model }) => {
    const result: GenerateResult = await doGenerate();
    const decoded = (p: ToolCallPart) => decodedByProvider(result, model.provider, p.toolCallId);
    const content = await Promise.all(
      result.content.map((part) => (isToolCall(part) ? sealPart(rt, part, decoded(part)) : part)),
    );
    return { ...result, content: content as GenerateResult['content'] };
  };
  const wrapStream: WrapStream = async ({ doStream }) => {
    const result: StreamResult = await doStream();
    const stream = result.stream.pipeThrough(
      new TransformStream<StreamPart, StreamPart>({
        async transform(part, controller) {
          controller.enqueue(
            isToolCall(part) ? ((await sealPart(rt, part)) as unknown as StreamPart) : part,
          );
        },
      }),
    );
    return { ...result, stream };
  };
  return { specificationVersion: 'v4', wrapGenerate, wrapStream };
}
