import type { Authorizer } from '@argseal/core';
import { CallCache } from './call-cache.js';
import { ArgsealLangChainError } from './errors.js';
import { defaultContext } from './exec-env.js';
import { type ContextResolver, SealedTool } from './seal-tool.js';
import { bindingFor, type SealableTool } from './sealable.js';

/** Everything the three seams of the middleware share. */
export interface SealEnv<Context = unknown> {
  authorizer: Authorizer<Context>;
  tools: ReadonlyMap<string, SealedTool<Context>>;
  cache: CallCache;
  context: ContextResolver<Context>;
  /** Tool names LangChain runs unsealed (explicit opt-out). */
  passthrough: ReadonlySet<string>;
}

export interface SealEnvOptions<Context> {
  authorizer: Authorizer<Context>;
  tools: readonly SealableTool[];
  context?: ContextResolver<Context>;
  passthroughTools?: readonly string[];
  jsonSchemas?: Readonly<Record<string, Record<string, unknown>>>;
}

/** @throws {ArgsealLangChainError} `missing_authorizer`, `unsupported_tool`, `duplicate_tool` */
export function createSealEnv<Context>(options: SealEnvOptions<Context>): SealEnv<Context> {
  const { authorizer } = options;
  if (typeof authorizer?.prepare !== 'function' || typeof authorizer.authorize !== 'function') {
    throw new ArgsealLangChainError('missing_authorizer', 'argsealMiddleware needs { authorizer }');
  }
  const context = options.context ?? ((config) => defaultContext(config) as Context);
  const tools = new Map<string, SealedTool<Context>>();
  for (const tool of options.tools ?? []) {
    const name = (tool as { name?: unknown }).name;
    const binding = bindingFor(
      tool,
      typeof name === 'string' ? options.jsonSchemas?.[name] : undefined,
    );
    if (tools.has(binding.argsealTool.name)) {
      throw new ArgsealLangChainError('duplicate_tool', 'two tools share this name', {
        tool: binding.argsealTool.name,
      });
    }
    tools.set(binding.argsealTool.name, new SealedTool(binding, { authorizer, context }));
  }
  return {
    authorizer,
    tools,
    cache: new CallCache(),
    context,
    passthrough: new Set(options.passthroughTools ?? []),
  };
}
