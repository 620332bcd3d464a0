import type {
  ApprovalDecisionInput,
  ApprovalGrant,
  JsonValue,
  PreparedToolCall,
  StoredProposal,
  ToolArgumentsValidationError,
} from '@argseal/core';
import { decodeCanonical } from '@argseal/core';
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import { ArgsealAgentsError } from './errors.js';
import type { SealInternals } from './internals.js';

/** One interruption of a RunState, resolved to its argseal proposal. */
export interface PendingApproval {
  interruption: RunToolApprovalItem;
  toolCallId: string;
  tool: string;
  /**
   * `pending`: a pending proposal with this hash is in the store (approve/reject work).
   * `unmatched`: no pending proposal has this hash (the RunState text was edited, or the
   * proposal was decided already). `invalid`: the arguments fail the pipeline.
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

interface FunctionCallRaw {
  type?: unknown;
  callId?: unknown;
  name?: unknown;
  arguments?: unknown;
}

function rawOf(item: RunToolApprovalItem): FunctionCallRaw {
  return (item as { rawItem?: FunctionCallRaw }).rawItem ?? {};
}

async function resolveOne<Context>(
  internals: SealInternals<Context>,
  item: RunToolApprovalItem,
): Promise<PendingApproval | undefined> {
  const raw = rawOf(item);
  if (raw.type !== 'function_call' || typeof raw.callId !== 'string') return undefined;
  const name = typeof raw.name === 'string' ? raw.name : '';
  const tool = internals.tools.get(name);
  if (!tool || typeof raw.arguments !== 'string') return undefined;
  const base = { interruption: item, toolCallId: raw.callId, tool: name };
  const prepared = await internals.authorizer.prepare(tool, raw.arguments, {
    toolCallId: raw.callId,
    context: internals.rewriteContext as Context,
  });
  if (!prepared.ok) return { ...base, status: 'invalid', error: prepared.error };
  const call: PreparedToolCall = prepared.call;
  const store = internals.authorizer.approvals;
  const proposal = store ? await store.findPending(call.proposalHash) : undefined;
  return {
    ...base,
    status: proposal ? 'pending' : 'unmatched',
    proposalHash: call.proposalHash,
    argsCanonicalJson: call.argsCanonicalJson,
    arguments: decodeCanonical(call.argsCanonicalJson),
    ...(proposal ? { proposal } : {}),
  };
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

async function findTarget<Context>(
  internals: SealInternals<Context>,
  state: RunState<any, any>,
  target: RunToolApprovalItem | string,
): Promise<PendingApproval> {
  // RunState hands out fresh item objects: match by tool call id, then use the state's own
  // item, so the decision is bound to the arguments this RunState will resume with.
  const callId = typeof target === 'string' ? target : rawOf(target).callId;
  const item = state.getInterruptions().find((i) => rawOf(i).callId === callId);
  if (!item) {
    throw new ArgsealAgentsError('interruption_not_found', 'no such interruption in this RunState');
  }
  const resolved = await resolveOne(internals, item);
  if (!resolved) {
    throw new ArgsealAgentsError(
      'not_a_tool_interruption',
      'the interruption is not a function call of a sealed tool',
    );
  }
  if (resolved.status === 'invalid') {
    const e = resolved.error!;
    throw new ArgsealAgentsError(
      'invalid_arguments',
      `tool "${resolved.tool}": ${e.stage}/${e.code} at ${e.path === '' ? '(root)' : e.path}`,
    );
  }
  if (resolved.status !== 'pending') {
    throw new ArgsealAgentsError(
      'proposal_not_found',
      `tool "${resolved.tool}": no pending proposal for this call's proposal hash (edited RunState or already decided)`,
    );
  }
  return resolved;
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
  const store = internals.authorizer.approvals;
  if (!store) {
    throw new ArgsealAgentsError('proposal_not_found', 'the authorizer has no approval store');
  }
  const resolved = await findTarget(internals, state, target);
  const { message, ...input } = decision;
  const grant = await store.decide(resolved.proposalHash!, input);
  if (decision.decision === 'approve') state.approve(resolved.interruption);
  else state.reject(resolved.interruption, message !== undefined ? { message } : undefined);
  return grant;
}
