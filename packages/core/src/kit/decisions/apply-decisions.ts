import type { ApprovalStore } from '../../approvals/types.js';
import type { Authorizer } from '../../authorizer/types.js';
import { ApprovalError } from '../../errors.js';
import { approveEdit } from '../edit-proposal.js';
import { makeRefusal } from '../refusal.js';
import { decidePending } from './decide-pending.js';
import type { DecisionOutcome, ValidDecision } from './types.js';

type Outcomes = Map<string, DecisionOutcome>;

/** True for the store's "no longer pending" answers (another decider came first). */
const decidedElsewhere = (error: unknown) =>
  ApprovalError.isInstance(error) &&
  (error.code === 'proposal_not_pending' || error.code === 'proposal_not_found');

/**
 * An edit is the kit's `approveEdit` (the same path as every adapter's edit): a new
 * proposal for the edited call, granted by hash for each call of the original proposal,
 * the original rejected, a `rewritten` audit event linking the hashes, and the target
 * tool's policy applied (a deny wins: the original is then rejected and nothing runs).
 * Each call runs its own edited attempt (prepared by `validateDecisions`).
 */
async function applyEdit<Context>(
  authorizer: Authorizer<Context>,
  store: ApprovalStore,
  d: ValidDecision,
  out: Outcomes,
  context: Context | undefined,
): Promise<void> {
  const { proposal } = d.items[0]!;
  const edited = d.edited ?? [];
  const first = edited[0]!;
  const decision = { approver: d.approver, uses: d.items.length };
  let outcome: Awaited<ReturnType<typeof approveEdit>>;
  try {
    outcome = await approveEdit(
      authorizer,
      proposal,
      {
        tool: first.tool,
        arguments: d.editedArguments,
        ...(context !== undefined ? { context } : {}),
      },
      d.note !== undefined ? { ...decision, note: d.note } : decision,
    );
  } catch (error) {
    if (!decidedElsewhere(error)) throw error;
    for (const item of d.items)
      out.set(item.toolCallId, { kind: 'approved', attempt: item.attempt });
    return;
  }
  if (!outcome.ok) {
    const note = `edit refused (${outcome.refusal.stage}/${outcome.refusal.code})`;
    await decidePending(store, proposal.proposalHash, {
      decision: 'reject',
      approver: d.approver,
      note,
      proposalId: proposal.id,
    });
  }
  for (const [i, item] of d.items.entries()) {
    const where = { tool: first.tool.name, toolCallId: item.toolCallId };
    const next: DecisionOutcome = !outcome.ok
      ? { kind: 'refused', refusal: { ...outcome.refusal, ...where } }
      : outcome.proposal.id === proposal.id
        ? { kind: 'approved', attempt: item.attempt }
        : { kind: 'edited', attempt: edited[i]! };
    out.set(item.toolCallId, next);
  }
}

/**
 * Applies decisions that passed `validateDecisions` through the authorizer's approval
 * store, and says per tool call what happens next: `approved` / `edited` (hand the
 * attempt to the tool seam, which consumes the grant right before executing) or
 * `refused` (answer the call with the refusal; nothing runs). An approval covers every
 * call of the proposal (one use each). A proposal decided elsewhere first (a console)
 * is not decided again: its calls read the store's answer at `authorize`. Without an
 * approval store every call is refused (`approval_store_missing`). `options.context`: the
 * application context edits are prepared with (as given to `validateDecisions`).
 */
export async function applyDecisions<Context>(
  authorizer: Authorizer<Context>,
  decisions: readonly ValidDecision[],
  options: { context?: Context } = {},
): Promise<Map<string, DecisionOutcome>> {
  const store = authorizer.approvals;
  const out: Outcomes = new Map();
  for (const d of decisions) {
    if (store === undefined) {
      for (const { attempt, toolCallId } of d.items) {
        const where = { tool: attempt.tool.name, toolCallId };
        const refusal = makeRefusal({ code: 'approval_store_missing', stage: 'approval' }, where);
        out.set(toolCallId, { kind: 'refused', refusal });
      }
      continue;
    }
    if (d.type === 'edit') {
      await applyEdit(authorizer, store, d, out, options.context);
      continue;
    }
    const { proposal } = d.items[0]!;
    await decidePending(store, proposal.proposalHash, {
      decision: d.type,
      approver: d.approver,
      ...(d.note !== undefined ? { note: d.note } : {}),
      ...(d.type === 'approve' ? { uses: d.items.length } : {}),
      proposalId: proposal.id,
    });
    for (const item of d.items) {
      const where = { tool: item.attempt.tool.name, toolCallId: item.toolCallId };
      const reason = d.note ? { reason: d.note } : {};
      const refusal = makeRefusal(
        { code: 'approval_rejected', stage: 'approval', ...reason },
        where,
      );
      const outcome: DecisionOutcome =
        d.type === 'approve'
          ? { kind: 'approved', attempt: item.attempt }
          : { kind: 'refused', refusal };
      out.set(item.toolCallId, outcome);
    }
  }
  return out;
}
