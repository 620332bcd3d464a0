import type { LanguageModelMiddleware } from 'ai';
import { internalErrorMarker, invalidArgumentsMarker } from './invalid-marker.js';
import { callOptions, type SealRuntime } from './runtime.js';

interface ToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: string;
  providerExecuted?: boolean;
}

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;
type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
type StreamResult = Awaited<ReturnType<WrapStream>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

function isToolCall(part: { type: string }): part is ToolCallPart {
  return part.type === 'tool-call';
}

/**
 * Model-side seam: for each tool call of a sealed tool, run decode, rewrite, schema,
 * snapshot and hash ONCE on the provider's raw text, remember the prepared call, and
 * replace the text with the canonical effective request (after rewrite, before schema;
 * a resume re-prepares exactly it, so the hash reproduces) so the SDK's history,
 * callbacks, audit and execution all agree. Refused text is replaced by a non-JSON
 * marker: the SDK records an invalid call (never executed) and tells the model.
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
  try {
    const prepared = await rt.authorizer.prepare(tool, raw, callOptions(rt, part.toolCallId));
    if (!prepared.ok) return { ...part, input: invalidArgumentsMarker(tool.name, prepared.error) };
    rt.cache.put(prepared.call);
    return { ...part, input: prepared.call.effectiveCanonicalJson };
  } catch {
    return { ...part, input: internalErrorMarker(tool.name) };
  }
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
