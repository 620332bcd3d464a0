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
import { type EditOptions, type EditResult, editInterruption } from './edit.js';
import { ArgsealAgentsError } from './errors.js';
import { createInternals, registerTool } from './internals.js';
import { isSealedModel, sealModelWith } from './model-seam.js';
import { resolveTool, type SealableTool, type SealToolOptions } from './resolve-tool.js';
import { buildSealedTool, isSealedTool } from './tool-seam.js';

/** Options of {@link createAgentsSeal}. */
export interface AgentsSealOptions<Context> {
  /** A configured authorizer (policy, approvals, audit, rewrite hooks). */
  authorizer: Authorizer<Context>;
  /** Policy and execution context of a run (may be async). Default: `runContext.context`. */
  context?: (runContext: RunContext<any> | undefined) => Context | Promise<Context>;
  /** Context for rewrite hooks: the SDK gives the model seam no run context. */
  rewriteContext?: Context;
  /** Resolves model names (`model: 'gpt-…'`) for the model seam. Default: OpenAIProvider. */
  modelProvider?: ModelProvider;
  /** Bound of the per-process hand-over ledger (attempts between hooks). Default 1024. */
  cacheSize?: number;
}

/**
 * The decision fields of {@link AgentsSeal.approve}: `approver` (required), `note`,
 * `ttlMs`/`expiresAt` and `uses`, validated by the approval store (`ApprovalError`).
 */
export interface DecideOptions extends Omit<ApprovalDecisionInput, 'decision'> {}

/** The decision fields of {@link AgentsSeal.reject}, plus the message the model sees. */
export interface RejectOptions extends DecideOptions {
  /** Text the model receives instead of the tool result. */
  message?: string;
}

type Decide<O, R = ApprovalGrant> = (
  state: RunState<any, any>,
  interruption: RunToolApprovalItem | string,
  options: O,
) => Promise<R>;

/**
 * The OpenAI Agents adapter returned by {@link createAgentsSeal}. `approve`, `reject` and
 * `edit` throw {@link ArgsealAgentsError} (`interruption_not_found`,
 * `not_a_tool_interruption`, `invalid_arguments`, `proposal_not_found`; `edit_denied`)
 * when the interruption does not resolve to a pending proposal; nothing is decided then.
 */
export interface AgentsSeal<Context = unknown> {
  /** The authorizer every sealed tool runs through. */
  readonly authorizer: Authorizer<Context>;
  /** A clone of `agent` with every tool sealed and its model wrapped (handoff targets first). */
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
  approve: Decide<DecideOptions>;
  /** Reject in the store, then in the RunState. */
  reject: Decide<RejectOptions>;
  /**
   * Approve edited arguments instead: a new proposal that `supersedes` the original, granted
   * by its hash; the original is rejected; the resumed run executes the edited call once.
   */
  edit: Decide<EditOptions, EditResult>;
}

const sealedAgents = new WeakSet<object>();

function modelResolver(model: unknown, provider: ModelProvider | undefined) {
  if (typeof model === 'object' && model !== null) {
    if (typeof (model as Model).getResponse === 'function') return () => model as Model;
  } else if (model === undefined || typeof model === 'string') {
    let resolved: Promise<Model> | undefined;
    const name = model === '' ? undefined : model;
    return () => (resolved ??= Promise.resolve((provider ?? new OpenAIProvider()).getModel(name)));
  }
  throw new ArgsealAgentsError('invalid_model', 'the agent model is not a Model or a name');
}

/**
 * Creates the OpenAI Agents adapter around one authorizer: seal agents, tools and models,
 * and decide interruptions against proposal hashes.
 */
export function createAgentsSeal<Context = unknown>(
  options: AgentsSealOptions<Context>,
): AgentsSeal<Context> {
  const internals = createInternals(options);
  // Sealed tools built by this seal, and the sealed tool of each source tool (one
  // SDK-style tool can serve several agents of one seal).
  const built = new WeakSet<object>();
  const bySource = new WeakMap<object, FunctionTool<any, any, any>>();

  function sealTool(value: SealableTool, toolOptions?: SealToolOptions) {
    if (built.has(value)) return value as FunctionTool<any, any, any>;
    if (isSealedTool(value)) {
      const why = `tool "${(value as FunctionTool).name}" was sealed by another seal`;
      throw new ArgsealAgentsError('unsealable_tool', why); // another authorizer
    }
    const memo = toolOptions === undefined ? bySource.get(value) : undefined;
    if (memo) return memo;
    const spec = resolveTool(value, toolOptions);
    registerTool(internals, spec.tool);
    const sealed = buildSealedTool(internals, spec);
    built.add(sealed);
    if (toolOptions === undefined) bySource.set(value, sealed);
    return sealed;
  }

  function sealModel(model: Model | string): Model {
    if (isSealedModel(model)) return model as Model;
    return sealModelWith(internals, modelResolver(model, options.modelProvider));
  }

  function sealAgent<TAgent extends Agent<any, any>>(agent: TAgent, extra?: SealableTool[]) {
    const handoffs = [...(agent.handoffs ?? [])]; // own arrays: the original's never reach the clone
    if (handoffs.some((h) => !sealedAgents.has((h as { agent?: object }).agent ?? h))) {
      const why = `agent "${agent.name}": seal every handoff target agent before the agent itself`;
      throw new ArgsealAgentsError('unsealed_handoff', why);
    }
    if ((agent.mcpServers ?? []).length > 0) {
      // MCP tools are listed at run time and called by the SDK directly: unsealed.
      const why = `agent "${agent.name}": MCP server tools cannot be sealed; remove mcpServers`;
      throw new ArgsealAgentsError('unsealable_tool', why);
    }
    const tools = [...(agent.tools as SealableTool[]), ...(extra ?? [])].map((t) => sealTool(t));
    const model = sealModel(agent.model as Model | string);
    const sealed = agent.clone({ tools, model, handoffs, mcpServers: [] } as never) as TAgent;
    sealedAgents.add(sealed);
    return sealed;
  }

  return {
    authorizer: options.authorizer,
    tool: sealTool,
    model: sealModel,
    agent: (agent, agentOptions) => sealAgent(agent, agentOptions?.tools),
    pending: (state) => listPendingApprovals(internals, state),
    approve: (state, item, decision) =>
      decideInterruption(internals, state, item, { ...decision, decision: 'approve' }),
    reject: (state, item, decision) =>
      decideInterruption(internals, state, item, { ...decision, decision: 'reject' }),
    edit: (state, item, edit) => editInterruption(internals, state, item, edit),
  };
}
