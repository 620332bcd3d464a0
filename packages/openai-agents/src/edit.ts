import { approveEdit, type EditDecision, type EditOutcome } from '@argseal/core/kit';
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import { findTarget } from './approvals.js';
import { ArgsealAgentsError } from './errors.js';
import type { SealInternals } from './internals.js';

/** Options of {@link AgentsSeal.edit}: the approver's decision fields and the edited arguments. */
export interface EditOptions extends EditDecision {
  /** The arguments to run instead (a JSON object, as the tool's schema takes them). */
  arguments: unknown;
}

/** What {@link AgentsSeal.edit} recorded: the grant and the edited call's proposal. */
export type EditResult = Extract<EditOutcome, { ok: true }>;

/**
 * The kit's `approveEdit` for the interruption's pending proposal, then the interruption
 * is approved; the resumed run executes the edited call once (the tool seam's
 * `prepareResume`). Throws before anything is decided: `invalid_arguments`, `edit_denied`.
 */
export async function editInterruption<Context>(
  internals: SealInternals<Context>,
  state: RunState<any, any>,
  target: RunToolApprovalItem | string,
  edit: EditOptions,
): Promise<EditResult> {
  const { arguments: args, ...decision } = edit;
  const original = await findTarget(internals, state, target);
  const tool = internals.tools.get(original.tool)!;
  const context = await internals.contextOf(state._context);
  const outcome = await approveEdit(
    internals.authorizer,
    original.proposal,
    { tool, arguments: args, context },
    decision,
  );
  if (!outcome.ok) {
    const { stage, code, message } = outcome.refusal;
    const denied = stage === 'policy' || stage === 'approval';
    const why = denied ? `edited call refused: ${message}` : `edit ${stage}/${code}`;
    throw new ArgsealAgentsError(denied ? 'edit_denied' : 'invalid_arguments', why);
  }
  state.approve(original.interruption);
  return outcome;
}
