import type {
  ArgsealTool,
  Authorizer,
  JsonValue,
  StoredProposal,
  ToolArgumentsValidationError,
} from '@argseal/core';
import type {
  AdapterOptions,
  AdapterRuntime,
  EditDecision,
  EditOutcome,
  RawTextPath,
} from '@argseal/core/kit';
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
import type { SealableTool, SealToolOptions } from './sealable-tool.js';

/** The kit's runtime of one seal: the `RunContext` is the run, the model's mode is where its text is. */
export type AgentsRuntime<Context> = AdapterRuntime<
  Context,
  RunContext<any> | undefined,
  RawTextPath['mode']
>;

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
  tool<T extends SealableTool>(tool: T, options?: SealToolOptions): SealedFunctionTool<T>;
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

/**
 * What {@link AgentsSeal.tool} returns for `T`: a FunctionTool with the context, parameters
 * and result of the tool it wraps (`invoke` may also resolve to a refusal's text).
 */
export type SealedFunctionTool<T> =
  T extends FunctionTool<infer C, infer P, infer R>
    ? FunctionTool<C, P, R>
    : T extends ArgsealTool<any, infer O, any>
      ? FunctionTool<unknown, any, Awaited<O>>
      : FunctionTool<any, any, any>;

/** What every {@link PendingApproval} carries. */
interface PendingBase {
  /** The RunState this item was resolved from: `seal.approve(item, options)` decides in it. */
  state: RunState<any, any>;
  interruption: RunToolApprovalItem;
  toolCallId: string;
  tool: string;
}

/**
 * One interruption of a RunState, resolved to its argseal proposal. Narrow on `status`:
 * `pending`: the store's latest proposal for this call is pending with this hash (approve,
 * reject, edit work; `proposal` is set); `unmatched`: not so (edited RunState, decided);
 * `invalid`: the arguments fail the pipeline (`error` is set). `proposalHash`,
 * `argsCanonicalJson` and `arguments` exist whenever the arguments are valid.
 */
export type PendingApproval =
  | (PendingBase & {
      status: 'pending';
      proposalHash: string;
      argsCanonicalJson: string;
      /** A decoded copy of the canonical arguments. */
      arguments: JsonValue;
      /** The stored pending proposal (reason, createdAt, originalArguments...). */
      proposal: StoredProposal;
      error?: undefined;
    })
  | (PendingBase & {
      status: 'unmatched';
      proposalHash: string;
      argsCanonicalJson: string;
      arguments: JsonValue;
      proposal?: undefined;
      error?: undefined;
    })
  | (PendingBase & {
      status: 'invalid';
      error: ToolArgumentsValidationError;
      proposalHash?: undefined;
      argsCanonicalJson?: undefined;
      arguments?: undefined;
      proposal?: undefined;
    });

/** Options of {@link AgentsSeal.edit}: the approver's decision fields and the edited arguments. */
export interface EditOptions extends EditDecision {
  /** The arguments to run instead (a JSON object, as the tool's schema takes them). */
  arguments: unknown;
}

/** What {@link AgentsSeal.edit} recorded: the grant and the edited call's proposal. */
export type EditResult = Extract<EditOutcome, { ok: true }>;
