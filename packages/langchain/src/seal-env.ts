import type { Attempt, Authorizer } from '@argseal/core/kit';
import { createHandoverLedger, type HandoverLedger } from '@argseal/core/kit';
import { ArgsealLangChainError } from './errors.js';
import { defaultContext } from './host.js';
import { type ContextResolver, SealedTool } from './seal-tool.js';
import { bindingFor, type SealableTool } from './sealable.js';

/** Everything the three seams of the middleware share. */
export interface SealEnv<Context = unknown> {
  authorizer: Authorizer<Context>;
  tools: ReadonlyMap<string, SealedTool<Context>>;
  /** Attempts handed from one seam to the next, scoped by thread. */
  ledger: HandoverLedger<Attempt>;
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
  if (typeof authorizer?.prepare !== 'function') {
    throw new ArgsealLangChainError('missing_authorizer', 'argsealMiddleware needs { authorizer }');
  }
  const context = options.context ?? ((config) => defaultContext(config) as Context);
  const tools = new Map<string, SealedTool<Context>>();
  for (const tool of options.tools ?? []) {
    const name = (tool as { name?: unknown }).name;
    const schema = typeof name === 'string' ? options.jsonSchemas?.[name] : undefined;
    const binding = bindingFor(tool, schema);
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
    ledger: createHandoverLedger<Attempt>(),
    context,
    passthrough: new Set(options.passthroughTools ?? []),
  };
}
