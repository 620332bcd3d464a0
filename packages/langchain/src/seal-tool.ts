import { type AdapterOptions, createAdapterRuntime } from '@argseal/core/kit';
import type { RunnableConfig } from '@langchain/core/runnables';
import { StructuredTool, type ToolRunnableConfig } from '@langchain/core/tools';
import { ArgsealLangChainError } from './errors.js';
import { defaultContext } from './host.js';
import type { LangChainRuntime } from './options.js';
import { outputToMessage, refusalMessage } from './output.js';
import type { RawTextSource } from './raw-arguments.js';
import { runAttempt } from './run-attempt.js';
import {
  bindingFor,
  type SealableTool,
  type SealedInput,
  type SealedOutput,
  type ToolBinding,
} from './sealable.js';

/**
 * Resolves the application context policies see, from the LangChain run config (one form
 * of the kit's `ContextSource`; a fixed value works too).
 */
export type ContextResolver<Context> = (
  config: RunnableConfig | undefined,
) => Context | Promise<Context>;

/**
 * Options of {@link sealTool} (and of each {@link SealedTool} it creates): the kit's shared
 * `AdapterOptions` (`authorizer`; `context`, default `config.context` of the invoke;
 * `allowDecodedOnly`: accept a model's tool call that reaches the tool only decoded, in a
 * plain `createAgent` without the middleware and the strict fetch guard; default `false`,
 * refused with `raw_text_unavailable`) plus `jsonSchema`.
 */
export interface SealToolOptions<Context = unknown>
  extends AdapterOptions<Context, RunnableConfig | undefined> {
  /** JSON Schema to show the model when sealing an argseal tool whose schema is not zod. */
  jsonSchema?: Record<string, unknown>;
}

function isToolCall(arg: unknown): arg is { id?: string; args: unknown } {
  return (
    typeof arg === 'object' && arg !== null && (arg as { type?: unknown }).type === 'tool_call'
  );
}

/**
 * A LangChain tool whose every invoke runs the argseal pipeline: strict decode (a string
 * input is raw provider JSON), rewrite, one schema parse, snapshot, proposal hash,
 * policy, approval binding, then the implementation on a fresh copy.
 *
 * A model's tool call (a ToolCall, as agents invoke tools) arrives decoded: it is refused
 * with `raw_text_unavailable` unless the strict fetch guard checked its text (or
 * `allowDecodedOnly`). Plain input from application code is accepted (marked
 * `decoded_only` in audit). Invoked with a ToolCall a refused call returns an error
 * ToolMessage (`artifact.argseal` is the Refusal); with plain input it throws
 * (`ToolArgumentsValidationError`, or `ArgsealLangChainError` `denied` / `approval_required`).
 */
export class SealedTool<Context = unknown, Input = any, Output = any> extends StructuredTool<
  any,
  Input,
  // a string is the provider's raw argument text, decoded strictly
  Input | string,
  Output
> {
  static override lc_name(): string {
    return 'ArgsealSealedTool';
  }

  name: string;
  description: string;
  schema: any;
  readonly argsealBinding: ToolBinding;
  readonly #rt: LangChainRuntime<Context>;

  /** `rt`: the kit's runtime of the `sealTool` call or of the middleware that seals this tool. */
  constructor(binding: ToolBinding, rt: LangChainRuntime<Context>) {
    super({});
    this.returnDirect = binding.source?.returnDirect === true;
    this.name = binding.argsealTool.name;
    this.description = binding.description;
    this.schema = binding.langchainSchema;
    this.argsealBinding = binding;
    this.#rt = rt;
  }

  /** Never used: {@link SealedTool.call} replaces LangChain's parse-then-`_call` path. */
  protected async _call(): Promise<never> {
    throw new ArgsealLangChainError('unsupported_tool', 'sealed tools run through call()', {
      tool: this.name,
    });
  }

  override async call(arg: unknown, configArg?: unknown, _tags?: string[]): Promise<any> {
    const config = (
      typeof configArg === 'object' && configArg !== null ? configArg : {}
    ) as ToolRunnableConfig;
    const rt = this.#rt;
    const toolCall = isToolCall(arg) ? arg : config.toolCall;
    const id = toolCall?.id ?? (config as { toolCallId?: string }).toolCallId;
    const input = isToolCall(arg) ? arg.args : arg;
    const fromModel = toolCall !== undefined;
    const prepared = await rt.authorizer.prepare(
      this.argsealBinding.argsealTool,
      typeof input === 'string' ? input : rt.argumentInput(undefined, false, input),
      {
        ...rt.callOptions(id, await rt.context(config)),
        // plain input comes from application code, not from a model
        ...(!fromModel ? { allowDecodedOnly: true } : {}),
      },
    );
    const ref = id === undefined ? undefined : { id, name: this.name };
    const done = prepared.ok
      ? await runAttempt(prepared.attempt, config, id)
      : ({ ok: false, refusal: prepared.refusal, error: prepared.error } as const);
    if (done.ok) return ref ? outputToMessage(done.result, ref) : done.result;
    if (ref) return refusalMessage(ref, done.refusal);
    if ('error' in done) throw done.error;
    const { code, proposalHash } = done.refusal;
    throw new ArgsealLangChainError(
      code === 'approval_required' ? code : 'denied',
      done.refusal.message,
      {
        tool: this.name,
        ...(proposalHash !== undefined ? { proposalHash } : {}),
      },
    );
  }
}

/**
 * Seals one tool for direct use (`await sealed.invoke(args)`), or inside a plain
 * `createAgent` without the middleware (no pause: approval-needing calls are refused, and
 * so are decoded-only model calls unless the strict fetch guard checked them).
 *
 * @throws {ArgsealConfigError} `invalid_adapter_options` (no authorizer, bad option types)
 * @throws {ArgsealLangChainError} `unsupported_tool`
 */
export function sealTool<Context = unknown, const T extends SealableTool = SealableTool>(
  tool: T,
  options: SealToolOptions<Context>,
): SealedTool<Context, SealedInput<T>, SealedOutput<T>> {
  const rt = createAdapterRuntime<Context, RunnableConfig | undefined, RawTextSource>({
    adapter: '@argseal/langchain sealTool',
    options,
    ownKeys: ['jsonSchema'],
    defaultContext: (config) => defaultContext(config) as Context,
  });
  return new SealedTool(bindingFor(tool, options?.jsonSchema), rt);
}
