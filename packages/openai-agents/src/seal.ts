import type { ApprovalDecisionInput, ApprovalGrant, Authorizer } from '@argseal/core';
import {
  type Agent,
  type FunctionTool,
  type Model,
  type ModelProvider,
  OpenAIProvider,
  type RunContext,
  type RunState,
  type RunToolApprovalItem,
} from '@openai/agents';
import { decideInterruption, listPendingApprovals, type PendingApproval } from './approvals.js';
import { ArgsealAgentsError } from './errors.js';
import { createInternals, registerTool, type SealInternals } from './internals.js';
import { isSealedModel, sealModelWith } from './model-seam.js';
import { resolveTool, type SealableTool, type SealToolOptions } from './resolve-tool.js';
import { buildSealedTool, isSealedTool } from './tool-seam.js';

/** Options of {@link createAgentsSeal}. */
export interface AgentsSealOptions<Context> {
  /** A configured authorizer (policy, approvals, audit, rewrite hooks). */
  authorizer: Authorizer<Context>;
  /** Policy and execution context of a run. Default: `runContext.context`. */
  context?: (runContext: RunContext<any> | undefined) => Context | Promise<Context>;
  /**
   * Context given to rewrite hooks. The SDK gives the model seam no run context, so
   * rewrite hooks see this fixed value (policy still sees the run's context).
   */
  rewriteContext?: Context;
  /** Resolves model names (`model: 'gpt-…'`) for the model seam. Default: OpenAIProvider. */
  modelProvider?: ModelProvider;
  /** Bound of the per-process hand-over ledger (attempts between hooks). Default 1024. */
  cacheSize?: number;
}

/**
 * The decision fields of {@link AgentsSeal.approve}: `approver` (required), `note`,
 * `expiresAt` and `uses`, validated by the approval store (`ApprovalError` codes such as
 * `invalid_approver`, `expiry_in_past`, `invalid_uses`).
 */
export interface DecideOptions extends Omit<ApprovalDecisionInput, 'decision'> {}

/** The decision fields of {@link AgentsSeal.reject}, plus the message the model sees. */
export interface RejectOptions extends DecideOptions {
  /** Text the model receives instead of the tool result. */
  message?: string;
}

/**
 * The OpenAI Agents adapter returned by {@link createAgentsSeal}. `approve` and `reject`
 * throw {@link ArgsealAgentsError} `interruption_not_found`, `not_a_tool_interruption`,
 * `invalid_arguments` or `proposal_not_found` when the interruption does not resolve to a
 * pending proposal; nothing is decided then.
 */
export interface AgentsSeal<Context = unknown> {
  /** The authorizer every sealed tool runs through. */
  readonly authorizer: Authorizer<Context>;
  /**
   * A clone of `agent` with every tool sealed and its model wrapped. Handoff target agents
   * must be sealed first (`unsealed_handoff` otherwise).
   */
  agent<TAgent extends Agent<any, any>>(
    agent: TAgent,
    options?: { tools?: SealableTool[] },
  ): TAgent;
  /** One sealed FunctionTool (a raw FunctionTool whose `invoke` runs the pipeline). */
  tool(tool: SealableTool, options?: SealToolOptions): FunctionTool<any, any, any>;
  /** The model seam alone: history carries canonical (or rewritten) arguments. */
  model(model: Model | string): Model;
  /** Interruptions of `state` resolved to argseal proposals. */
  pending(state: RunState<any, any>): Promise<PendingApproval[]>;
  /** Approve in the store (bound to the proposal hash), then in the RunState. */
  approve(
    state: RunState<any, any>,
    interruption: RunToolApprovalItem | string,
    options: DecideOptions,
  ): Promise<ApprovalGrant>;
  /** Reject in the store, then in the RunState. */
  reject(
    state: RunState<any, any>,
    interruption: RunToolApprovalItem | string,
    options: RejectOptions,
  ): Promise<ApprovalGrant>;
}

const sealedAgents = new WeakSet<object>();

function handoffTarget(handoff: unknown): unknown {
  const agent = (handoff as { agent?: unknown } | null)?.agent;
  return agent ?? handoff;
}

function modelResolver(model: unknown, provider: ModelProvider | undefined) {
  if (typeof model === 'object' && model !== null) {
    if (typeof (model as Model).getResponse !== 'function') {
      throw new ArgsealAgentsError('invalid_model', 'the agent model is not a Model');
    }
    return () => model as Model;
  }
  if (model !== undefined && typeof model !== 'string') {
    throw new ArgsealAgentsError('invalid_model', 'the agent model is not a Model or a name');
  }
  let resolved: Promise<Model> | undefined;
  return () => {
    resolved ??= Promise.resolve(
      (provider ?? new OpenAIProvider()).getModel(model === '' ? undefined : model),
    );
    return resolved;
  };
}

/**
 * Creates the OpenAI Agents adapter around one authorizer: seal agents, tools and models,
 * and decide interruptions against proposal hashes.
 */
export function createAgentsSeal<Context = unknown>(
  options: AgentsSealOptions<Context>,
): AgentsSeal<Context> {
  const internals: SealInternals<Context> = createInternals(options);

  // Sealed tools built by this seal, and the sealed tool of each source tool (so one
  // SDK-style tool can serve several agents of one seal).
  const built = new WeakSet<object>();
  const bySource = new WeakMap<object, FunctionTool<any, any, any>>();

  function sealTool(value: SealableTool, toolOptions?: SealToolOptions) {
    if (isSealedTool(value)) {
      if (built.has(value)) return value as FunctionTool<any, any, any>;
      // Sealed by another seal: its calls would run through another authorizer.
      throw new ArgsealAgentsError(
        'unsealable_tool',
        `tool "${(value as FunctionTool).name}" was sealed by another seal`,
      );
    }
    const memo = toolOptions === undefined ? bySource.get(value) : undefined;
    if (memo) return memo;
    const spec = resolveTool(value, toolOptions);
    registerTool(internals as SealInternals<unknown>, spec.tool);
    const sealed = buildSealedTool(internals, spec);
    built.add(sealed);
    if (toolOptions === undefined) bySource.set(value, sealed);
    return sealed;
  }

  function sealModel(model: Model | string): Model {
    if (isSealedModel(model)) return model as Model;
    return sealModelWith(internals, modelResolver(model, options.modelProvider));
  }

  return {
    authorizer: options.authorizer,
    tool: sealTool,
    model: sealModel,
    agent(agent, agentOptions) {
      for (const handoff of agent.handoffs ?? []) {
        if (!sealedAgents.has(handoffTarget(handoff) as object)) {
          throw new ArgsealAgentsError(
            'unsealed_handoff',
            `agent "${agent.name}": seal every handoff target agent before the agent itself`,
          );
        }
      }
      if ((agent.mcpServers ?? []).length > 0) {
        // MCP tools are listed at run time and called by the SDK directly: unsealed.
        throw new ArgsealAgentsError(
          'unsealable_tool',
          `agent "${agent.name}": MCP server tools cannot be sealed; remove mcpServers`,
        );
      }
      const tools = [...(agent.tools as unknown[]), ...(agentOptions?.tools ?? [])].map((t) =>
        sealTool(t as SealableTool),
      );
      const model = sealModel(agent.model as Model | string);
      // Own arrays: pushing into the original agent's lists never reaches the sealed clone.
      const handoffs = [...(agent.handoffs ?? [])];
      const sealed = agent.clone({
        tools,
        model,
        handoffs,
        mcpServers: [],
      } as never) as typeof agent;
      sealedAgents.add(sealed);
      return sealed;
    },
    pending: (state) => listPendingApprovals(internals, state),
    approve: (state, interruption, decision) =>
      decideInterruption(internals, state, interruption, { ...decision, decision: 'approve' }),
    reject: (state, interruption, decision) =>
      decideInterruption(internals, state, interruption, { ...decision, decision: 'reject' }),
  };
}
