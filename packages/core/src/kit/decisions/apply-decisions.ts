import type { ApprovalStore } from '../../approvals/types.js';
import type { Authorizer } from '../../authorizer/types.js';
import { makeRefusal, toRefusal } from '../refusal.js';
import { decidePending } from './decide-pending.js';
import type { DecisionOutcome, ValidDecision } from './types.js';

type Outcomes = Map<string, DecisionOutcome>;

/**
 * An edit rejects the original (noting the new hash), records a `rewritten` audit event
 * linking the new hash to the original, and sends each new attempt through the policy
 * of the tool it now targets (a deny there wins); where that policy asks for approval,
 * the editor's decision is recorded as the grant of exactly the new hash.
 */
async function applyEdit<Context>(
  authorizer: Authorizer<Context>,
  store: ApprovalStore,
  d: ValidDecision,
  out: Outcomes,
): Promise<void> {
  const original = d.items[0]!;
  const edited = d.edited ?? [];
  const newHash = edited[0]?.proposalHash;
  const same =
    newHash === original.proposal.proposalHash && edited[0]?.tool.name === original.proposal.tool;
  const note = same ? d.note : `superseded by an edit (${newHash})${d.note ? `: ${d.note}` : ''}`;
  const decided = await decidePending(store, original.proposal.proposalHash, {
    decision: same ? 'approve' : 'reject',
    approver: d.approver,
    ...(note !== undefined ? { note } : {}),
    uses: d.items.length,
    proposalId: original.proposal.id,
  });
  if (!decided || same) {
    for (const item of d.items)
      out.set(item.toolCallId, { kind: 'approved', attempt: item.attempt });
    return;
  }
  const granted = new Set<string>();
  for (const [i, item] of d.items.entries()) {
    const attempt = edited[i]!;
    await authorizer.audit?.append({
      type: 'rewritten',
      agent: attempt.agent,
      tool: attempt.tool.name,
      toolCallId: attempt.toolCallId,
      proposalHash: attempt.proposalHash,
      argsCanonicalJson: attempt.argsCanonicalJson,
      originalArguments: item.attempt.argsCanonicalJson,
      supersedes: item.proposal.proposalHash,
      approver: d.approver,
      ...(d.note !== undefined ? { note: d.note } : {}),
      data: { edit: true, originalTool: item.attempt.tool.name },
    });
    const checked = await attempt.check();
    if (checked.type === 'deny') {
      const where = { tool: attempt.tool.name, toolCallId: attempt.toolCallId };
      out.set(item.toolCallId, { kind: 'refused', refusal: toRefusal(checked, where) });
      continue;
    }
    if (checked.type === 'suspended' && !granted.has(attempt.proposalHash)) {
      granted.add(attempt.proposalHash);
      await decidePending(store, attempt.proposalHash, {
        decision: 'approve',
        approver: d.approver,
        note: `edit of ${item.proposal.proposalHash}`,
        uses: edited.filter((a) => a.proposalHash === attempt.proposalHash).length,
        proposalId: checked.proposal.id,
      });
    }
    out.set(item.toolCallId, { kind: 'edited', attempt });
  }
}

/**
 * Applies decisions that passed `validateDecisions` through the authorizer's approval
 * store, and says per tool call what happens next: `approved` / `edited` (hand the
 * attempt to the tool seam, which consumes the grant right before executing) or
 * `refused` (answer the call with the refusal; nothing runs). An approval covers every
 * call of the proposal (one use each). A proposal decided elsewhere first (a console)
 * is not decided again: its calls read the store's answer at `authorize`. Without an
 * approval store every call is refused (`approval_store_missing`).
 */
export async function applyDecisions<Context>(
  authorizer: Authorizer<Context>,
  decisions: readonly ValidDecision[],
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
      await applyEdit(authorizer, store, d, out);
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
