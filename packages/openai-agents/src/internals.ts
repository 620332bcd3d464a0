import type { ArgsealTool, Attempt, Authorizer } from '@argseal/core';
import { createHandoverLedger, type HandoverLedger } from '@argseal/core/kit';
import type { RunContext } from '@openai/agents';
import { ArgsealAgentsError } from './errors.js';

/** State shared by the model seam, the tool seam and the approval helpers of one seal. */
export interface SealInternals<Context> {
  authorizer: Authorizer<Context>;
  /** model seam -> needsApproval (shared scope) -> invoke of the same run (its RunContext). */
  ledger: HandoverLedger<Attempt>;
  /** Policy/execution context of a run. */
  contextOf(runContext: RunContext<any> | undefined): Context | Promise<Context>;
  /** Context handed to rewrite hooks (the SDK gives the model seam no run context). */
  rewriteContext: Context | undefined;
  /** Sealed argseal tools by name. */
  tools: Map<string, ArgsealTool>;
}

export function createInternals<Context>(init: {
  authorizer: Authorizer<Context>;
  context?: ((runContext: RunContext<any> | undefined) => Context | Promise<Context>) | undefined;
  rewriteContext?: Context | undefined;
  cacheSize?: number | undefined;
}): SealInternals<Context> {
  const max = init.cacheSize;
  return {
    authorizer: init.authorizer,
    ledger: createHandoverLedger<Attempt>(max === undefined ? undefined : { max }),
    contextOf: init.context ?? ((runContext) => runContext?.context as Context),
    rewriteContext: init.rewriteContext,
    tools: new Map(),
  };
}

/** Registers a tool by name; one name means one tool within a seal. */
export function registerTool<Context>(internals: SealInternals<Context>, tool: ArgsealTool): void {
  const existing = internals.tools.get(tool.name);
  if (existing && existing !== tool) {
    const why = `tool "${tool.name}" is already sealed with another definition`;
    throw new ArgsealAgentsError('duplicate_tool', why);
  }
  internals.tools.set(tool.name, tool);
}
