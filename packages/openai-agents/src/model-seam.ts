import { parseStrictJson } from '@argseal/core';
import type { Model, ModelRequest, ModelResponse } from '@openai/agents';
import type { SealInternals } from './internals.js';
import { invalidMarkerText } from './invalid-marker.js';

const sealedModels = new WeakSet<object>();

interface FunctionCallLike {
  type: 'function_call';
  name: string;
  callId: string;
  arguments: string;
}

function isFunctionCall(item: unknown): item is FunctionCallLike {
  const v = item as Partial<FunctionCallLike> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.type === 'function_call' &&
    typeof v.name === 'string' &&
    typeof v.callId === 'string' &&
    typeof v.arguments === 'string'
  );
}

function isPlainObjectText(text: string): boolean {
  try {
    const value = parseStrictJson(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Prepares one function call of a sealed tool from the provider's raw text, hands the
 * attempt over in the ledger and returns the item with what history must carry:
 * `historyArguments`, or, when the text is refused, a payload-free placeholder.
 */
async function sealCall<Context>(internals: SealInternals<Context>, item: FunctionCallLike) {
  const tool = internals.tools.get(item.name);
  if (!tool) return item;
  const prepared = await internals.authorizer.prepare(tool, item.arguments, {
    toolCallId: item.callId,
    context: internals.rewriteContext as Context,
  });
  if (prepared.ok) {
    internals.ledger.put(prepared.attempt);
    return { ...item, arguments: prepared.attempt.historyArguments };
  }
  // A schema refusal of a plain object keeps its text: invoke refuses it again strictly.
  const keepRaw = prepared.refusal.stage !== 'decode' && isPlainObjectText(item.arguments);
  return { ...item, arguments: keepRaw ? item.arguments : invalidMarkerText(prepared.refusal) };
}

async function sealOutput<Context, T>(
  internals: SealInternals<Context>,
  output: T[],
): Promise<T[]> {
  const sealed: T[] = [];
  for (const item of output) {
    sealed.push(isFunctionCall(item) ? ((await sealCall(internals, item)) as T) : item);
  }
  return sealed;
}

/** True for a Model produced by {@link sealModelWith}. */
export function isSealedModel(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sealedModels.has(value);
}

/**
 * Wraps a Model so every function call of a sealed tool reaches history with canonical
 * (or rewritten) arguments, for `getResponse` and `getStreamedResponse` alike. Raw
 * provider stream events (`model` events) still carry the provider's text: show users
 * the run items, not raw deltas.
 */
export function sealModelWith<Context>(
  internals: SealInternals<Context>,
  resolve: () => Model | Promise<Model>,
): Model {
  const sealed: Model = {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const inner = await resolve();
      const response = await inner.getResponse(request);
      return { ...response, output: await sealOutput(internals, response.output) };
    },
    async *getStreamedResponse(request: ModelRequest) {
      const inner = await resolve();
      for await (const event of inner.getStreamedResponse(request)) {
        if (event.type === 'response_done') {
          const output = await sealOutput(internals, event.response.output);
          yield { ...event, response: { ...event.response, output } };
        } else {
          yield event;
        }
      }
    },
    async getRetryAdvice(args) {
      const inner = await resolve();
      return inner.getRetryAdvice?.(args);
    },
  };
  sealedModels.add(sealed);
  return sealed;
}
