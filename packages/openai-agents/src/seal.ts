import { createAdapterRuntime, type RawTextPath } from '@argseal/core/kit';
import type { Agent, FunctionTool, Model, RunContext } from '@openai/agents';
import { approvalsOf } from './approvals.js';
import { ArgsealAgentsError } from './errors.js';
import { sealModel } from './model-seam.js';
import { isRawTextModel } from './raw-text-paths.js';
import { resolveTool, type SealableTool, type SealToolOptions } from './sealable-tool.js';
import { buildSealedTool, isSealedTool } from './tool-seam.js';
import type { AgentsSeal, AgentsSealOptions } from './types.js';

const sealedAgents = new WeakSet<object>();

/**
 * Creates the OpenAI Agents adapter around one authorizer: seal agents, tools and models,
 * and decide interruptions against proposal hashes.
 */
export function createAgentsSeal<Context = unknown>(
  options: AgentsSealOptions<Context>,
): AgentsSeal<Context> {
  const rt = createAdapterRuntime<Context, RunContext<any> | undefined, RawTextPath['mode']>({
    adapter: '@argseal/openai-agents',
    options,
    ownKeys: ['rewriteContext', 'modelProvider'],
    defaultContext: (run) => run?.context as Context,
    rawTextPath: isRawTextModel,
  });
  // the SDK gives the model seam no run context: rewrite hooks there see `rewriteContext`
  const { rewriteContext } = options;
  // tools built by this seal, and the sealed tool of each source (one per seal)
  const built = new WeakSet<object>();
  const bySource = new WeakMap<object, FunctionTool<any, any, any>>();
  const model = (m: Model | string) => sealModel(rt, m, options.modelProvider, rewriteContext);

  function tool(value: SealableTool, toolOptions?: SealToolOptions) {
    if (built.has(value)) return value as FunctionTool<any, any, any>;
    if (isSealedTool(value)) {
      const why = `tool "${(value as FunctionTool).name}" was sealed by another seal`;
      throw new ArgsealAgentsError('unsealable_tool', why); // another authorizer
    }
    if (toolOptions === undefined && bySource.has(value)) return bySource.get(value)!;
    const spec = resolveTool(value, toolOptions);
    if (!rt.register(spec.tool)) {
      const why = `tool "${spec.tool.name}" is already sealed with another definition`;
      throw new ArgsealAgentsError('duplicate_tool', why); // one name means one tool within a seal
    }
    const sealed = buildSealedTool(rt, spec);
    built.add(sealed);
    if (toolOptions === undefined) bySource.set(value, sealed);
    return sealed;
  }

  function agent<A extends Agent<any, any>>(source: A, extra?: { tools?: SealableTool[] }) {
    const handoffs = [...(source.handoffs ?? [])]; // own arrays: the original's never reach the clone
    if (handoffs.some((h) => !sealedAgents.has((h as { agent?: object }).agent ?? h))) {
      const why = `agent "${source.name}": seal every handoff target agent before the agent itself`;
      throw new ArgsealAgentsError('unsealed_handoff', why);
    }
    if ((source.mcpServers ?? []).length > 0) {
      // MCP tools are listed at run time and called by the SDK directly: unsealed.
      const why = `agent "${source.name}": MCP server tools cannot be sealed; remove mcpServers`;
      throw new ArgsealAgentsError('unsealable_tool', why);
    }
    const tools = [...source.tools, ...(extra?.tools ?? [])].map((t) => tool(t as SealableTool));
    const clone = { tools, model: model(source.model as Model | string), handoffs, mcpServers: [] };
    const sealed = source.clone(clone as never) as A;
    sealedAgents.add(sealed);
    return sealed;
  }

  return {
    ...{ authorizer: options.authorizer, tool: tool as AgentsSeal<Context>['tool'], model, agent },
    ...approvalsOf(rt, rewriteContext),
  };
}
