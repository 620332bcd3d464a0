import type { LanguageModelMiddleware } from 'ai';
import { type AiSdkRuntime, callOptions } from './seal-state.js';

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
 * Model-side seam: each sealed tool call's text is prepared once (as raw text only where
 * `proven`, see `raw-text-paths.ts`; else as `decoded_only`) and replaced by what history
 * must carry (`historyArguments`, or the refusal text: not JSON, so the SDK records an
 * invalid call, never executed, and tells the model).
 */
async function sealPart<Context>(
  rt: AiSdkRuntime<Context>,
  part: ToolCallPart,
  proven: boolean,
): Promise<ToolCallPart> {
  if (part.providerExecuted === true) return part;
  const tool = rt.tools.get(part.toolName);
  if (tool === undefined) return part; // not ours: the SDK reports an unknown tool itself
  // Like the SDK, treat empty argument text as an empty object.
  const raw = part.input.trim() === '' ? '{}' : part.input;
  const options = await callOptions(rt, part.toolCallId);
  const input = rt.argumentInput(raw, proven);
  const sealed = await rt.prepareForHistory(tool, input, options);
  return { ...part, input: sealed.text };
}

export function createModelSeam<Context>(rt: AiSdkRuntime<Context>): LanguageModelMiddleware {
  const wrapGenerate: WrapGenerate = async ({ doGenerate, model }) => {
    const result: GenerateResult = await doGenerate();
    const proven = rt.isRawText(model, 'generate');
    const content = await Promise.all(
      result.content.map((part) => (isToolCall(part) ? sealPart(rt, part, proven) : part)),
    );
    return { ...result, content: content as GenerateResult['content'] };
  };
  const wrapStream: WrapStream = async ({ doStream, model }) => {
    const result: StreamResult = await doStream();
    const pathProven = rt.isRawText(model, 'stream');
    // per call id: the text of its tool-input-delta parts, as the provider streamed it
    const deltas = new Map<string, string>();
    const stream = result.stream.pipeThrough(
      new TransformStream<StreamPart, StreamPart>({
        async transform(part, controller) {
          const p = part as { type: string; id?: string; delta?: string };
          if (p.type === 'tool-input-delta' && typeof p.id === 'string') {
            deltas.set(p.id, (deltas.get(p.id) ?? '') + String(p.delta ?? ''));
          }
          if (!isToolCall(part)) return controller.enqueue(part);
          const streamed = deltas.get(part.toolCallId) ?? '';
          deltas.delete(part.toolCallId);
          const proven =
            pathProven &&
            (streamed === part.input || (streamed === '' && part.input.trim() === '{}'));
          controller.enqueue((await sealPart(rt, part, proven)) as unknown as StreamPart);
        },
      }),
    );
    return { ...result, stream };
  };
  return { specificationVersion: 'v4', wrapGenerate, wrapStream };
}
