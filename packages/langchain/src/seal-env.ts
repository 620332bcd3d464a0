import {
  type Attempt,
  type Authorizer,
  assertAdapterOptions,
  createHandoverLedger,
  DEFAULT_MAX_CACHED_CALLS,
  type HandoverLedger,
  resolveContext,
} from '@argseal/core/kit';
import { ArgsealLangChainError } from './errors.js';
import { defaultContext } from './host.js';
import type { ArgsealMiddlewareOptions } from './middleware.js';
import { type ContextResolver, SealedTool } from './seal-tool.js';
import { bindingFor } from './sealable.js';

/** Everything the three seams of the middleware share. */
export interface SealEnv<Context = unknown> {
  authorizer: Authorizer<Context>;
  tools: ReadonlyMap<string, SealedTool<Context>>;
  /** Attempts handed from one seam to the next, scoped by thread. */
  ledger: HandoverLedger<Attempt>;
  context: ContextResolver<Context>;
  /** Tool names LangChain runs unsealed (explicit opt-out). */
  passthrough: ReadonlySet<string>;
  /** `{ allowDecodedOnly: true }` when the options opt out of the raw-text refusal. */
  decoded: { allowDecodedOnly?: true };
}

/**
 * @throws {ArgsealConfigError} `invalid_adapter_options`
 * @throws {ArgsealLangChainError} `unsupported_tool`, `duplicate_tool`
 */
export function createSealEnv<Context>(
  options: ArgsealMiddlewareOptions<Context>,
): SealEnv<Context> {
  assertAdapterOptions('@argseal/langchain argsealMiddleware', options, [
    'tools',
    'passthroughTools',
    'jsonSchemas',
  ]);
  const { authorizer } = options;
  const context: ContextResolver<Context> = (config) =>
    resolveContext(
      options.context,
      config,
      (c) => defaultContext(c) as Context,
    ) as Promise<Context>;
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
    ledger: createHandoverLedger<Attempt>({
      max: options.maxCachedCalls ?? DEFAULT_MAX_CACHED_CALLS,
    }),
    context,
    passthrough: new Set(options.passthroughTools ?? []),
    decoded: options.allowDecodedOnly === true ? { allowDecodedOnly: true } : {},
  };
}
