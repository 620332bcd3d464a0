import { createAdapterRuntime } from '@argseal/core/kit';
import type { RunnableConfig } from '@langchain/core/runnables';
import { ArgsealLangChainError } from './errors.js';
import { defaultContext } from './host.js';
import type { ArgsealMiddlewareOptions, LangChainRuntime } from './options.js';
import type { RawTextSource } from './raw-arguments.js';
import { isRawTextSource } from './raw-text-paths.js';
import { SealedTool } from './seal-tool.js';
import { bindingFor } from './sealable.js';

/**
 * The kit's runtime of one `argsealMiddleware`, the sealed LangChain tools it registers
 * with the agent, and the tool names LangChain runs unsealed (explicit opt-out).
 *
 * @throws {ArgsealConfigError} `invalid_adapter_options`
 * @throws {ArgsealLangChainError} `unsupported_tool`, `duplicate_tool`
 */
export function createMiddlewareRuntime<Context>(options: ArgsealMiddlewareOptions<Context>): {
  rt: LangChainRuntime<Context>;
  sealedTools: SealedTool<Context>[];
  passthrough: ReadonlySet<string>;
} {
  const rt = createAdapterRuntime<Context, RunnableConfig | undefined, RawTextSource>({
    adapter: '@argseal/langchain argsealMiddleware',
    options,
    ownKeys: ['tools', 'passthroughTools', 'jsonSchemas'],
    defaultContext: (config) => defaultContext(config) as Context,
    rawTextPath: isRawTextSource,
  });
  const sealedTools: SealedTool<Context>[] = [];
  for (const tool of options.tools ?? []) {
    const name = (tool as { name?: unknown }).name;
    const schema = typeof name === 'string' ? options.jsonSchemas?.[name] : undefined;
    const binding = bindingFor(tool, schema);
    if (rt.tools.has(binding.argsealTool.name) || !rt.register(binding.argsealTool)) {
      throw new ArgsealLangChainError('duplicate_tool', 'two tools share this name', {
        tool: binding.argsealTool.name,
      });
    }
    sealedTools.push(new SealedTool(binding, rt));
  }
  return { rt, sealedTools, passthrough: new Set(options.passthroughTools ?? []) };
}
