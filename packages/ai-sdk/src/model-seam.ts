import { prepareForHistory } from '@argseal/core/kit';
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
 * Model-side seam: each sealed tool call's raw text is prepared once and replaced by
 * what history must carry (`historyArguments`, or the refusal text: not JSON, so the SDK
 * records an invalid call, never executed, and tells the model).
 */
async function sealPart<Context>(
  rt: SealRuntime<Context>,
  part: ToolCallPart,
): Promise<ToolCallPart> {
  if (part.providerExecuted === true) return part;
  const tool = rt.tools.get(part.toolName);
  if (tool === undefined) return part; // not ours: the SDK reports an unknown tool itself
  // Like the SDK, treat empty argument text as an empty object.
  const raw = part.input.trim() === '' ? '{}' : part.input;
  const options = callOptions(rt, part.toolCallId);
  const sealed = await prepareForHistory(rt.authorizer, rt.ledger, tool, raw, options);
  return { ...part, input: sealed.text };
}

export function createModelSeam<Context>(rt: SealRuntime<Context>): LanguageModelMiddleware {
  const wrapGenerate: WrapGenerate = async ({ doGenerate }) => {
    const result: GenerateResult = await doGenerate();
    const content = await Promise.all(
      result.content.map((part) => (isToolCall(part) ? sealPart(rt, part) : part)),
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
