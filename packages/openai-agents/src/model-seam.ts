import { prepareForHistory, refusalPlaceholder } from '@argseal/core/kit';
import type { Model, ModelRequest, ModelResponse } from '@openai/agents';
import type { SealInternals } from './internals.js';

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
    v?.type === 'function_call' &&
    typeof v.name === 'string' &&
    typeof v.callId === 'string' &&
    typeof v.arguments === 'string'
  );
}

/**
 * Prepares one function call of a sealed tool from the provider's raw text, hands the
 * attempt over in the ledger and returns the item with what history must carry:
 * `historyArguments`, or, when the text is refused, a payload-free placeholder. A schema
 * or rewrite refusal of a (strictly decoded) object keeps its text: invoke refuses it again.
 */
async function sealCall<Context>(internals: SealInternals<Context>, item: FunctionCallLike) {
  const tool = internals.tools.get(item.name);
  if (!tool) return item;
  const options = { toolCallId: item.callId, context: internals.rewriteContext as Context };
  const { authorizer, ledger } = internals;
  const sealed = await prepareForHistory(authorizer, ledger, tool, item.arguments, options);
  const stage = sealed.refusal?.stage;
  if (stage === undefined) return { ...item, arguments: sealed.text };
  const keepRaw = (stage === 'schema' || stage === 'rewrite') && /^\s*\{/.test(item.arguments);
  return { ...item, arguments: keepRaw ? item.arguments : refusalPlaceholder(sealed.refusal!) };
}

async function sealOutput<Context, T>(internals: SealInternals<Context>, output: T[]) {
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
      const response = await (await resolve()).getResponse(request);
      return { ...response, output: await sealOutput(internals, response.output) };
    },
    async *getStreamedResponse(request: ModelRequest) {
      for await (const event of (await resolve()).getStreamedResponse(request)) {
        if (event.type !== 'response_done') yield event;
        else {
          const output = await sealOutput(internals, event.response.output);
          yield { ...event, response: { ...event.response, output } };
        }
      }
    },
    async getRetryAdvice(args) {
      return (await resolve()).getRetryAdvice?.(args);
    },
  };
  sealedModels.add(sealed);
  return sealed;
}
