import type { ArgsealTool } from '@argseal/core';
import { type Attempt, createHandoverLedger, resolveContext } from '@argseal/core/kit';
import type { RunContext } from '@openai/agents';
import { ArgsealAgentsError } from './errors.js';
import type { AgentsSealOptions } from './seal.js';

/** State shared by the model seam, the tool seam and the approval helpers of one seal. */
export type SealInternals<Context> = ReturnType<typeof createInternals<Context>>;

export function createInternals<Context>(options: AgentsSealOptions<Context>) {
  const { authorizer, maxCachedCalls: max, allowDecodedOnly = false } = options;
  const tools = new Map<string, ArgsealTool>(); // sealed argseal tools by name
  const contextOf = async (runContext: RunContext<any> | undefined) =>
    (await resolveContext(options.context, runContext, (run) => run?.context)) as Context;
  return {
    ...{ authorizer, tools, contextOf, allowDecodedOnly },
    /** For rewrite hooks: the SDK gives the model seam no run context. */
    rewriteContext: options.rewriteContext,
    /** model seam -> needsApproval (shared scope) -> invoke of the same run (its RunContext). */
    ledger: createHandoverLedger<Attempt>(max === undefined ? undefined : { max }),
    /** One name means one tool within a seal. */
    register(tool: ArgsealTool) {
      if ((tools.get(tool.name) ?? tool) !== tool) {
        const why = `tool "${tool.name}" is already sealed with another definition`;
        throw new ArgsealAgentsError('duplicate_tool', why);
      }
      tools.set(tool.name, tool);
    },
  };
}
