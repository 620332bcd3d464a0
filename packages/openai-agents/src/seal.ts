import type { Authorizer } from '@argseal/core';
import { type AdapterOptions, assertAdapterOptions } from '@argseal/core/kit';
import type { ApprovalDecisionInput, ApprovalGrant } from '@argseal/core/store';
import type {
  Agent,
  FunctionTool,
  Model,
  ModelProvider,
  RunContext,
  RunState,
  RunToolApprovalItem,
} from '@openai/agents';
import {
  approvalsOf,
  type EditOptions,
  type EditResult,
  type PendingApproval,
} from './approvals.js';
import { ArgsealAgentsError } from './errors.js';
import { createInternals } from './internals.js';
import { sealModel } from './model-seam.js';
import { resolveTool, type SealableTool, type SealToolOptions } from './sealable-tool.js';
import { buildSealedTool, isSealedTool } from './tool-seam.js';

/**
 * Options of {@link createAgentsSeal}: the kit's shared `AdapterOptions` (`authorizer`,
 * `context`: a value or a function of the `RunContext`, default `runContext.context`;
 * `allowDecodedOnly`; `maxCachedCalls`, default 1024) plus the SDK's own.
 */
export interface AgentsSealOptions<Context>
  extends AdapterOptions<Context, RunContext<any> | undefined> {
  /** Context for rewrite hooks: the SDK gives the model seam no run context. */
  rewriteContext?: Context;
  /** Resolves model names (`model: 'gpt-…'`) for the model seam. Default: OpenAIProvider. */
  modelProvider?: ModelProvider;
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

type Target = RunToolApprovalItem | string;

/**
 * The OpenAI Agents adapter returned by {@link createAgentsSeal}. `approve`, `reject` and
 * `edit` throw {@link ArgsealAgentsError} (`interruption_not_found`, `not_a_tool_interruption`,
 * `invalid_arguments`, `proposal_not_found`, `edit_denied`) when the interruption does not
 * resolve to a pending proposal (or the edit is refused); nothing is decided then.
 */
export interface AgentsSeal<Context = unknown> {
  /** The authorizer every sealed tool runs through. */
  readonly authorizer: Authorizer<Context>;
  /** A clone of `agent` with every tool sealed and its model wrapped (handoff targets first). */
  agent<A extends Agent<any, any>>(agent: A, options?: { tools?: SealableTool[] }): A;
  /** One sealed FunctionTool (a raw FunctionTool whose `invoke` runs the pipeline). */
  tool(tool: SealableTool, options?: SealToolOptions): FunctionTool<any, any, any>;
  /** The model seam alone: history carries canonical (or rewritten) arguments. */
  model(model: Model | string): Model;
  /** Interruptions of `state` resolved to argseal proposals. */
  pending(state: RunState<any, any>): Promise<PendingApproval[]>;
  /** Approve in the store (bound to the proposal hash), then in the RunState. */
  approve(state: RunState<any, any>, item: Target, options: DecideOptions): Promise<ApprovalGrant>;
  /** Approve an item of {@link AgentsSeal.pending}, in the RunState it was resolved from. */
  approve(item: PendingApproval, options: DecideOptions): Promise<ApprovalGrant>;
  /** Reject in the store, then in the RunState. */
  reject(state: RunState<any, any>, item: Target, options: RejectOptions): Promise<ApprovalGrant>;
  /** Reject an item of {@link AgentsSeal.pending}, in the RunState it was resolved from. */
  reject(item: PendingApproval, options: RejectOptions): Promise<ApprovalGrant>;
  /**
   * Approve edited arguments instead: a new proposal that `supersedes` the original, granted
   * by its hash; the original is rejected; the resumed run executes the edited call once.
   */
  edit(state: RunState<any, any>, item: Target, options: EditOptions): Promise<EditResult>;
}

const sealedAgents = new WeakSet<object>();

/**
 * Creates the OpenAI Agents adapter around one authorizer: seal agents, tools and models,
 * and decide interruptions against proposal hashes.
 */
export function createAgentsSeal<Context = unknown>(
  options: AgentsSealOptions<Context>,
): AgentsSeal<Context> {
  assertAdapterOptions('@argseal/openai-agents', options, ['rewriteContext', 'modelProvider']);
  const internals = createInternals(options);
  // tools built by this seal, and the sealed tool of each source (one per seal)
  const built = new WeakSet<object>();
  const bySource = new WeakMap<object, FunctionTool<any, any, any>>();
  const model = (m: Model | string) => sealModel(internals, m, options.modelProvider);

  function tool(value: SealableTool, toolOptions?: SealToolOptions) {
    if (built.has(value)) return value as FunctionTool<any, any, any>;
    if (isSealedTool(value)) {
      const why = `tool "${(value as FunctionTool).name}" was sealed by another seal`;
      throw new ArgsealAgentsError('unsealable_tool', why); // another authorizer
    }
    if (toolOptions === undefined && bySource.has(value)) return bySource.get(value)!;
    const spec = resolveTool(value, toolOptions);
    internals.register(spec.tool);
    const sealed = buildSealedTool(internals, spec);
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
    ...{ authorizer: options.authorizer, tool, model, agent },
    ...approvalsOf(internals),
  };
}
