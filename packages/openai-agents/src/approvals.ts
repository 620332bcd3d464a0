import { decodeCanonical } from '@argseal/core/data';
import { toRefusal } from '@argseal/core/kit';
import type { ApprovalDecisionInput, ApprovalGrant } from '@argseal/core/store';
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import { ArgsealAgentsError, type ArgsealAgentsErrorCode } from './errors.js';
import type {
  AgentsRuntime,
  AgentsSeal,
  DecideOptions,
  PendingApproval,
  RejectOptions,
} from './types.js';

type RawCall = { type?: unknown; callId?: unknown; name?: unknown; arguments?: unknown };
const rawOf = (item: RunToolApprovalItem): RawCall => (item as { rawItem?: RawCall }).rawItem ?? {};

async function resolveOne<Context>(
  rt: AgentsRuntime<Context>,
  rewriteContext: Context | undefined,
  state: RunState<any, any>,
  item: RunToolApprovalItem,
): Promise<PendingApproval | undefined> {
  const { type, callId, name, arguments: args } = rawOf(item);
  const tool = rt.tools.get(typeof name === 'string' ? name : '');
  if (type !== 'function_call' || typeof callId !== 'string' || typeof args !== 'string' || !tool)
    return undefined;
  const base = { state, interruption: item, toolCallId: callId, tool: tool.name };
  const context = rewriteContext as Context;
  const prepared = await rt.authorizer.prepare(tool, args, { toolCallId: callId, context });
  if (!prepared.ok) return { ...base, status: 'invalid', error: prepared.error };
  const { proposalHash, argsCanonicalJson } = prepared.attempt;
  const proposal = await rt.pendingProposalOf(prepared.attempt);
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
  rt: AgentsRuntime<Context>,
  rewriteContext: Context | undefined,
  state: RunState<any, any>,
  target: RunToolApprovalItem | string,
): Promise<Extract<PendingApproval, { status: 'pending' }>> {
  const fail: (code: ArgsealAgentsErrorCode, why: string) => never = (code, why) => {
    throw new ArgsealAgentsError(code, why);
  };
  const callId = typeof target === 'string' ? target : rawOf(target).callId;
  const item = state.getInterruptions().find((i) => rawOf(i).callId === callId);
  if (!item) fail('interruption_not_found', 'no such interruption in this RunState');
  const resolved = await resolveOne(rt, rewriteContext, state, item);
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

/**
 * The approval methods of {@link AgentsSeal}: `pending` resolves interruptions to
 * proposals; `approve` / `reject` record the decision against the interruption's proposal
 * in the store, then mark the interruption in the RunState (only the store's grant lets
 * the call run, once); `edit` is the kit's `approveEdit`, then the interruption is approved.
 */
export function approvalsOf<Context>(
  rt: AgentsRuntime<Context>,
  rewriteContext: Context | undefined,
): Pick<AgentsSeal<Context>, 'pending' | 'approve' | 'reject' | 'edit'> {
  async function decide(
    state: RunState<any, any>,
    target: RunToolApprovalItem | string,
    decision: ApprovalDecisionInput & { message?: string },
  ): Promise<ApprovalGrant> {
    const { proposal, interruption } = await findTarget(rt, rewriteContext, state, target);
    const { message, ...input } = decision;
    const store = rt.authorizer.approvals!; // a pending proposal was found in it
    const grant = await store.decide(proposal.proposalHash, { proposalId: proposal.id, ...input });
    if (decision.decision === 'approve') state.approve(interruption);
    else state.reject(interruption, message !== undefined ? { message } : undefined);
    return grant;
  }
  return {
    async pending(state) {
      const resolved = [];
      for (const item of state.getInterruptions())
        resolved.push(await resolveOne(rt, rewriteContext, state, item));
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
      const original = await findTarget(rt, rewriteContext, state, target);
      const tool = rt.tools.get(original.tool)!;
      const edited = { tool, arguments: args, context: await rt.context(state._context) };
      const outcome = await rt.approveEdit(original.proposal, edited, decision);
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
