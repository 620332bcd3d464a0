import type { Authorizer } from '@argseal/core';
import type { RunnableConfig } from '@langchain/core/runnables';
import { StructuredTool, type ToolRunnableConfig } from '@langchain/core/tools';
import { ArgsealLangChainError } from './errors.js';
import { defaultContext } from './exec-env.js';
import { bindingFor, type SealableTool, type ToolBinding } from './sealable.js';
import { runSealedCall } from './sealed-call.js';

/** Resolves the application context policies see, from the LangChain run config. */
export type ContextResolver<Context> = (
  config: RunnableConfig | undefined,
) => Context | Promise<Context>;

/** Options of {@link sealTool} (and of each {@link SealedTool} it creates). */
export interface SealToolOptions<Context = unknown> {
  /** The authorizer that prepares, authorizes and executes every call. */
  authorizer: Authorizer<Context>;
  /** Application context for policies. Default: `config.context` of the invoke. */
  context?: ContextResolver<Context>;
  /** JSON Schema to show the model when sealing an argseal tool whose schema is not zod. */
  jsonSchema?: Record<string, unknown>;
}

/**
 * A LangChain tool whose every invoke runs the argseal pipeline: strict decode (a
 * string input is raw provider JSON), rewrite, one schema parse, snapshot, proposal
 * hash, policy, approval binding, then the implementation on a fresh copy.
 *
 * Invoked with a ToolCall (as agents do) a refused call returns an error ToolMessage
 * (status `error`, `artifact.argseal` with status, stage, code, path, reason); invoked
 * with plain input it throws (`ToolArgumentsValidationError` with `stage` and `code`,
 * or `ArgsealLangChainError` `denied` / `approval_required`). Nothing runs either way.
 */
export class SealedTool<Context = unknown> extends StructuredTool {
  static override lc_name(): string {
    return 'ArgsealSealedTool';
  }

  name: string;
  description: string;
  schema: any;
  readonly argsealBinding: ToolBinding;
  readonly #authorizer: Authorizer<Context>;
  readonly #context: ContextResolver<Context>;

  constructor(binding: ToolBinding, options: SealToolOptions<Context>) {
    super({});
    this.returnDirect = binding.source?.returnDirect === true;
    this.name = binding.argsealTool.name;
    this.description = binding.description;
    this.schema = binding.langchainSchema;
    this.argsealBinding = binding;
    this.#authorizer = options.authorizer;
    this.#context = options.context ?? ((config) => defaultContext(config) as Context);
  }

  /** Never used: {@link SealedTool.call} replaces LangChain's parse-then-`_call` path. */
  protected async _call(): Promise<never> {
    throw new ArgsealLangChainError('unsupported_tool', 'sealed tools run through call()', {
      tool: this.name,
    });
  }

  override async call(arg: unknown, configArg?: unknown, _tags?: string[]): Promise<any> {
    const config = (
      typeof configArg === 'object' && configArg !== null && !Array.isArray(configArg)
        ? configArg
        : {}
    ) as ToolRunnableConfig;
    return runSealedCall({
      authorizer: this.#authorizer,
      binding: this.argsealBinding,
      input: arg,
      config,
      context: await this.#context(config),
    });
  }
}

/**
 * Seals one tool for direct use (`await sealed.invoke(args)`), or inside a plain
 * `createAgent` without the middleware (no pause: approval-needing calls are refused).
 *
 * @throws {ArgsealLangChainError} `missing_authorizer`, `unsupported_tool`
 */
export function sealTool<Context = unknown>(
  tool: SealableTool,
  options: SealToolOptions<Context>,
): SealedTool<Context> {
  if (typeof options?.authorizer?.prepare !== 'function') {
    throw new ArgsealLangChainError('missing_authorizer', 'sealTool needs { authorizer }');
  }
  return new SealedTool(bindingFor(tool, options.jsonSchema), options);
}
