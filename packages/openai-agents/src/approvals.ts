import type { JsonValue, StoredProposal, ToolArgumentsValidationError } from '@argseal/core';
import { decodeCanonical } from '@argseal/core/data';
import {
  approveEdit,
  type EditDecision,
  type EditOutcome,
  pendingProposalOf,
  toRefusal,
} from '@argseal/core/kit';
import type { ApprovalDecisionInput, ApprovalGrant } from '@argseal/core/store';
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import { ArgsealAgentsError, type ArgsealAgentsErrorCode } from './errors.js';
import type { SealInternals } from './internals.js';
import type { AgentsSeal, DecideOptions, RejectOptions } from './seal.js';

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

type RawCall = { type?: unknown; callId?: unknown; name?: unknown; arguments?: unknown };
const rawOf = (item: RunToolApprovalItem): RawCall => (item as { rawItem?: RawCall }).rawItem ?? {};

async function resolveOne<Context>(
  internals: SealInternals<Context>,
  state: RunState<any, any>,
  item: RunToolApprovalItem,
): Promise<PendingApproval | undefined> {
  const { type, callId, name, arguments: args } = rawOf(item);
  const tool = internals.tools.get(typeof name === 'string' ? name : '');
  if (type !== 'function_call' || typeof callId !== 'string' || typeof args !== 'string' || !tool)
    return undefined;
  const base = { state, interruption: item, toolCallId: callId, tool: tool.name };
  const context = internals.rewriteContext as Context;
  const prepared = await internals.authorizer.prepare(tool, args, { toolCallId: callId, context });
  if (!prepared.ok) return { ...base, status: 'invalid', error: prepared.error };
  const { proposalHash, argsCanonicalJson } = prepared.attempt;
  const proposal = await pendingProposalOf(internals.authorizer.approvals, prepared.attempt);
  const resolved = { ...base, proposalHash, argsCanonicalJson };
  const decoded = decodeCanonical(argsCanonicalJson);
  return proposal
    ? { ...resolved, status: 'pending', arguments: decoded, proposal }
    : { ...resolved, status: 'unmatched', arguments: decoded };
}

/**
 * The state's own interruption for `target` (RunState hands out fresh item objects: matched
 * by tool call id), resolved to its pending proposal; throws before anything is decided.
 */
async function findTarget<Context>(
  internals: SealInternals<Context>,
  state: RunState<any, any>,
  target: RunToolApprovalItem | string,
): Promise<Extract<PendingApproval, { status: 'pending' }>> {
  const fail: (code: ArgsealAgentsErrorCode, why: string) => never = (code, why) => {
    throw new ArgsealAgentsError(code, why);
  };
  const callId = typeof target === 'string' ? target : rawOf(target).callId;
  const item = state.getInterruptions().find((i) => rawOf(i).callId === callId);
  if (!item) fail('interruption_not_found', 'no such interruption in this RunState');
  const resolved = await resolveOne(internals, state, item);
  if (!resolved) fail('not_a_tool_interruption', 'the interruption is not a sealed function call');
  if (resolved.error) fail('invalid_arguments', toRefusal(resolved.error).message);
  const why = `tool "${resolved.tool}": no pending proposal for this call's proposal hash (edited RunState, already decided, or no store)`;
  if (resolved.status !== 'pending') fail('proposal_not_found', why);
  return resolved;
}

type DecideArgs<O> =
  | [state: RunState<any, any>, item: RunToolApprovalItem | string, options: O]
  | [item: PendingApproval, options: O];

/** `(state, item, options)` or `(pendingItem, options)`: the item carries its RunState. */
function decideArgs<O>(args: DecideArgs<O>): [RunState<any, any>, RunToolApprovalItem | string, O] {
  if (args.length === 3) return args;
  const [item, options] = args;
  const state = (item as { state?: { getInterruptions?: unknown } } | null)?.state;
  if (typeof state?.getInterruptions !== 'function' || !item.interruption) {
    throw new ArgsealAgentsError(
      'interruption_not_found',
      'approve(item, options) takes an item of seal.pending(state); or pass (state, item, options)',
    );
  }
  return [item.state, item.interruption, options];
}

/** Options of {@link AgentsSeal.edit}: the approver's decision fields and the edited arguments. */
export interface EditOptions extends EditDecision {
  /** The arguments to run instead (a JSON object, as the tool's schema takes them). */
  arguments: unknown;
}

/** What {@link AgentsSeal.edit} recorded: the grant and the edited call's proposal. */
export type EditResult = Extract<EditOutcome, { ok: true }>;

/**
 * The approval methods of {@link AgentsSeal}: `pending` resolves interruptions to
 * proposals; `approve` / `reject` record the decision against the interruption's proposal
 * in the store, then mark the interruption in the RunState (only the store's grant lets
 * the call run, once); `edit` is the kit's `approveEdit`, then the interruption is approved.
 */
export function approvalsOf<Context>(
  internals: SealInternals<Context>,
): Pick<AgentsSeal<Context>, 'pending' | 'approve' | 'reject' | 'edit'> {
  async function decide(
    state: RunState<any, any>,
    target: RunToolApprovalItem | string,
    decision: ApprovalDecisionInput & { message?: string },
  ): Promise<ApprovalGrant> {
    const { proposal, interruption } = await findTarget(internals, state, target);
    const { message, ...input } = decision;
    const store = internals.authorizer.approvals!; // a pending proposal was found in it
    const grant = await store.decide(proposal.proposalHash, { proposalId: proposal.id, ...input });
    if (decision.decision === 'approve') state.approve(interruption);
    else state.reject(interruption, message !== undefined ? { message } : undefined);
    return grant;
  }
  return {
    async pending(state) {
      const resolved = [];
      for (const item of state.getInterruptions())
        resolved.push(await resolveOne(internals, state, item));
      return resolved.filter((r) => r !== undefined);
    },
    approve: async (...args: DecideArgs<DecideOptions>) => {
      const [state, item, options] = decideArgs(args);
      return decide(state, item, { ...options, decision: 'approve' });
    },
    reject: async (...args: DecideArgs<RejectOptions>) => {
      const [state, item, options] = decideArgs(args);
      return decide(state, item, { ...options, decision: 'reject' });
    },
    async edit(state, target, { arguments: args, ...decision }) {
      const original = await findTarget(internals, state, target);
      const tool = internals.tools.get(original.tool)!;
      const edited = { tool, arguments: args, context: await internals.contextOf(state._context) };
      const outcome = await approveEdit(internals.authorizer, original.proposal, edited, decision);
      if (!outcome.ok) {
        const { stage, code, message } = outcome.refusal;
        const denied = stage === 'policy' || stage === 'approval';
        const why = denied ? `edited call refused: ${message}` : `edit ${stage}/${code}`;
        throw new ArgsealAgentsError(denied ? 'edit_denied' : 'invalid_arguments', why);
      }
      state.approve(original.interruption);
      return outcome;
    },
  };
}
