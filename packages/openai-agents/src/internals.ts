import type { ArgsealTool, Authorizer } from '@argseal/core';
import type { RunContext } from '@openai/agents';
import { CallCache } from './call-cache.js';
import { ArgsealAgentsError } from './errors.js';

/** What the current `invoke` was given, for SDK-style `execute(input, runContext, details)`. */
export interface Invocation {
  runContext: RunContext<any>;
  details: unknown;
}

/** State shared by the model seam, the tool seam and the approval helpers of one seal. */
export interface SealInternals<Context> {
  authorizer: Authorizer<Context>;
  cache: CallCache;
  /** Policy/execution context of a run. */
  contextOf(runContext: RunContext<any> | undefined): Context;
  /** Context handed to rewrite hooks (the SDK gives the model seam no run context). */
  rewriteContext: Context | undefined;
  /** Sealed argseal tools by name. */
  tools: Map<string, ArgsealTool>;
  /** Keyed by the per-invocation signal the tool seam hands to `authorizer.run`. */
  invocations: WeakMap<AbortSignal, Invocation>;
}

export function createInternals<Context>(init: {
  authorizer: Authorizer<Context>;
  context?: ((runContext: RunContext<any> | undefined) => Context) | undefined;
  rewriteContext?: Context | undefined;
  cacheSize?: number | undefined;
}): SealInternals<Context> {
  return {
    authorizer: init.authorizer,
    cache: new CallCache(init.cacheSize),
    contextOf: init.context ?? ((runContext) => runContext?.context as Context),
    rewriteContext: init.rewriteContext,
    tools: new Map(),
    invocations: new WeakMap(),
  };
}

/** Registers a tool by name; one name means one tool within a seal. */
export function registerTool(internals: SealInternals<unknown>, tool: ArgsealTool): void {
  const existing = internals.tools.get(tool.name);
  if (existing && existing !== tool) {
    throw new ArgsealAgentsError(
      'duplicate_tool',
      `tool "${tool.name}" is already sealed with another definition`,
    );
  }
  internals.tools.set(tool.name, tool);
}
