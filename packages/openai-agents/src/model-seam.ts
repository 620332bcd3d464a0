import { refusalPlaceholder } from '@argseal/core/kit';
import {
  type Model,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  OpenAIProvider,
} from '@openai/agents';
import { ArgsealAgentsError } from './errors.js';
import type { AgentsRuntime } from './types.js';

const sealedModels = new WeakSet<object>();

type Call = { type?: unknown; name?: unknown; callId?: unknown; arguments?: unknown };

/**
 * A sealed tool's function call with what history must carry: `historyArguments` (attempt
 * handed over), or the payload-free placeholder for refused text; a schema or rewrite
 * refusal of a (strictly decoded) object keeps its text: invoke refuses it again. The
 * text is raw only where the model is `proven` (see `raw-text-paths.ts`), else decoded-only.
 */
async function sealItem<Context, T>(
  rt: AgentsRuntime<Context>,
  rewriteContext: Context | undefined,
  item: T,
  proven: boolean,
): Promise<T> {
  const { type, name, callId, arguments: raw } = (item ?? {}) as Call;
  const tool = type === 'function_call' ? rt.tools.get(name as string) : undefined;
  if (!tool || typeof callId !== 'string' || typeof raw !== 'string') return item;
  const options = rt.callOptions(callId, rewriteContext);
  const sealed = await rt.prepareForHistory(tool, rt.argumentInput(raw, proven), options);
  if (!sealed.refusal) return { ...item, arguments: sealed.text };
  const { stage } = sealed.refusal;
  const keepRaw = (stage === 'schema' || stage === 'rewrite') && /^\s*\{/.test(raw);
  return { ...item, arguments: keepRaw ? raw : refusalPlaceholder(sealed.refusal) };
}

/** The function calls of one response, sealed; the model's path decides which texts are raw. */
function sealOutput<Context, T>(
  rt: AgentsRuntime<Context>,
  rewriteContext: Context | undefined,
  output: T[],
  model: Model,
  mode: 'generate' | 'stream',
): Promise<T[]> {
  const proven = rt.isRawText(model, mode);
  return Promise.all(output.map((item) => sealItem(rt, rewriteContext, item, proven)));
}

/** The agent's model (a `Model`, or a name resolved once by the provider). */
function modelResolver(model: unknown, provider: ModelProvider | undefined) {
  if (typeof (model as Model | null)?.getResponse === 'function') return () => model as Model;
  if (model !== undefined && typeof model !== 'string')
    throw new ArgsealAgentsError('invalid_model', 'the agent model is not a Model or a name');
  let resolved: Promise<Model> | undefined;
  const name = model === '' ? undefined : model;
  return () => (resolved ??= Promise.resolve((provider ?? new OpenAIProvider()).getModel(name)));
}

/**
 * A Model whose function calls of sealed tools reach history as {@link sealItem} writes
 * them (`getResponse`, `getStreamedResponse`); raw `model` stream events keep provider text.
 */
export function sealModel<Context>(
  rt: AgentsRuntime<Context>,
  model: Model | string,
  provider: ModelProvider | undefined,
  rewriteContext: Context | undefined,
): Model {
  if (sealedModels.has(model as object)) return model as Model;
  const resolve = modelResolver(model, provider);
  const sealed: Model = {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const model = await resolve();
      const response = await model.getResponse(request);
      const output = await sealOutput(rt, rewriteContext, response.output, model, 'generate');
      return { ...response, output };
    },
    async *getStreamedResponse(request: ModelRequest) {
      const model = await resolve();
      for await (const event of model.getStreamedResponse(request)) {
        if (event.type !== 'response_done') yield event;
        else {
          const { output: items } = event.response;
          const output = await sealOutput(rt, rewriteContext, items, model, 'stream');
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
