import type { ArgsealTool, Attempt, Authorizer } from '@argseal/core';
import { createHandoverLedger, type HandoverLedger } from '@argseal/core/kit';
import type { RunContext } from '@openai/agents';
import { ArgsealAgentsError } from './errors.js';

type ContextOf<Context> = (runContext: RunContext<any> | undefined) => Context | Promise<Context>;

/** State shared by the model seam, the tool seam and the approval helpers of one seal. */
export interface SealInternals<Context> {
  authorizer: Authorizer<Context>;
  /** model seam -> needsApproval (shared scope) -> invoke of the same run (its RunContext). */
  ledger: HandoverLedger<Attempt>;
  /** Policy/execution context of a run. */
  contextOf: ContextOf<Context>;
  /** Context handed to rewrite hooks (the SDK gives the model seam no run context). */
  rewriteContext: Context | undefined;
  /** Sealed argseal tools by name; `register` refuses a second tool with a taken name. */
  tools: Map<string, ArgsealTool>;
  register(tool: ArgsealTool): void;
}

export function createInternals<Context>(init: {
  authorizer: Authorizer<Context>;
  context?: ContextOf<Context> | undefined;
  rewriteContext?: Context | undefined;
  cacheSize?: number | undefined;
}): SealInternals<Context> {
  const { authorizer, rewriteContext, cacheSize: max } = init;
  const tools = new Map<string, ArgsealTool>();
  return {
    ...{ authorizer, rewriteContext, tools },
    ledger: createHandoverLedger<Attempt>(max === undefined ? undefined : { max }),
    contextOf: init.context ?? ((runContext) => runContext?.context as Context),
    register(tool) {
      if ((tools.get(tool.name) ?? tool) !== tool) {
        const why = `tool "${tool.name}" is already sealed with another definition`;
        throw new ArgsealAgentsError('duplicate_tool', why);
      }
      tools.set(tool.name, tool);
    },
  };
}
