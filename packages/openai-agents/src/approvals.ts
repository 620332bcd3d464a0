import type {
  ApprovalDecisionInput,
  ApprovalGrant,
  JsonValue,
  StoredProposal,
  ToolArgumentsValidationError,
} from '@argseal/core';
import { decodeCanonical } from '@argseal/core';
import { pendingProposalOf, toRefusal } from '@argseal/core/kit';
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import { ArgsealAgentsError } from './errors.js';
import type { SealInternals } from './internals.js';

/** One interruption of a RunState, resolved to its argseal proposal. */
export interface PendingApproval {
  interruption: RunToolApprovalItem;
  toolCallId: string;
  tool: string;
  /**
   * `pending`: the latest proposal the store holds for this call is pending with this
   * call's hash (approve, reject, edit work). `unmatched`: it is not (the RunState text was
   * edited, or the proposal was decided already). `invalid`: the arguments fail the pipeline.
   */
  status: 'pending' | 'unmatched' | 'invalid';
  proposalHash?: string;
  argsCanonicalJson?: string;
  /** A decoded copy of the canonical arguments. */
  arguments?: JsonValue;
  /** The stored pending proposal (reason, createdAt, originalArguments...). */
  proposal?: StoredProposal;
  error?: ToolArgumentsValidationError;
}

type RawCall = { type?: unknown; callId?: unknown; name?: unknown; arguments?: unknown };
const rawOf = (item: RunToolApprovalItem) =>
  ((item as { rawItem?: RawCall }).rawItem ?? {}) as RawCall;

async function resolveOne<Context>(internals: SealInternals<Context>, item: RunToolApprovalItem) {
  const { type, callId, name, arguments: args } = rawOf(item);
  const tool = internals.tools.get(typeof name === 'string' ? name : '');
  if (type !== 'function_call' || typeof callId !== 'string' || typeof args !== 'string' || !tool)
    return undefined;
  const base = { interruption: item, toolCallId: callId, tool: tool.name };
  const context = internals.rewriteContext as Context;
  const prepared = await internals.authorizer.prepare(tool, args, { toolCallId: callId, context });
  if (!prepared.ok) return { ...base, status: 'invalid', error: prepared.error } as PendingApproval;
  const { proposalHash, argsCanonicalJson } = prepared.attempt;
  const proposal = await pendingProposalOf(internals.authorizer.approvals, prepared.attempt);
  const status = proposal ? 'pending' : 'unmatched';
  const decoded = {
    arguments: decodeCanonical(argsCanonicalJson),
    ...(proposal ? { proposal } : {}),
  };
  return { ...base, status, proposalHash, argsCanonicalJson, ...decoded } as PendingApproval;
}

/** Every function-tool interruption of sealed tools in `state`, resolved to proposals. */
export async function listPendingApprovals<Context>(
  internals: SealInternals<Context>,
  state: RunState<any, any>,
): Promise<PendingApproval[]> {
  const out: PendingApproval[] = [];
  for (const item of state.getInterruptions()) {
    const resolved = await resolveOne(internals, item);
    if (resolved) out.push(resolved);
  }
  return out;
}

/**
 * The state's own interruption for `target` (RunState hands out fresh item objects: matched
 * by tool call id), resolved to its pending proposal; throws before anything is decided.
 */
export async function findTarget<Context>(
  internals: SealInternals<Context>,
  state: RunState<any, any>,
  target: RunToolApprovalItem | string,
): Promise<PendingApproval & { proposal: StoredProposal }> {
  const callId = typeof target === 'string' ? target : rawOf(target).callId;
  const item = state.getInterruptions().find((i) => rawOf(i).callId === callId);
  if (!item) {
    throw new ArgsealAgentsError('interruption_not_found', 'no such interruption in this RunState');
  }
  const resolved = await resolveOne(internals, item);
  if (!resolved) {
    const why = 'the interruption is not a function call of a sealed tool';
    throw new ArgsealAgentsError('not_a_tool_interruption', why);
  }
  if (resolved.error) {
    throw new ArgsealAgentsError('invalid_arguments', toRefusal(resolved.error).message);
  }
  if (!resolved.proposal) {
    const why = `tool "${resolved.tool}": no pending proposal for this call's proposal hash (edited RunState, already decided, or no store)`;
    throw new ArgsealAgentsError('proposal_not_found', why);
  }
  return resolved as PendingApproval & { proposal: StoredProposal };
}

/**
 * Records a human decision against the interruption's proposal hash in the approval
 * store, then marks the interruption in the RunState. The store's grant, not the
 * RunState mark, is what lets the call run: on resume the call executes only if its
 * recomputed proposal hash has a live grant, consumed atomically.
 */
export async function decideInterruption<Context>(
  internals: SealInternals<Context>,
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
