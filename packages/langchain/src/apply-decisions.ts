import { ApprovalError, type ApprovalStore } from '@argseal/core';
import { type Attempt, makeRefusal, type Refusal, toRefusal } from '@argseal/core/kit';
import type { ValidDecision } from './decisions.js';
import type { SealEnv } from './seal-env.js';

/** What a decision means for one tool call of the message. */
export type AppliedOutcome =
  /** Approved in the store (or an edit): the tool seam authorizes, consuming the grant. */
  { kind: 'approved' | 'edited'; attempt: Attempt } | { kind: 'refused'; refusal: Refusal };

/** `decide`, treating "someone else decided first" as "ask the store at the tool seam". */
async function decideOnce(
  approvals: ApprovalStore,
  hash: string,
  input: Parameters<ApprovalStore['decide']>[1],
): Promise<boolean> {
  try {
    await approvals.decide(hash, input);
    return true;
  } catch (error) {
    const lost =
      ApprovalError.isInstance(error) && /^proposal_not_(pending|found)$/.test(error.code);
    if (lost) return false;
    throw error;
  }
}

/**
 * An edit rejects the original (noting the new hash), records a `rewritten` audit event
 * linking the new hash to the original, and sends each new attempt through the policy
 * of the tool it now targets; where that policy asks for approval, the editor's decision
 * is recorded as the grant of exactly the new hash.
 */
async function applyEdit<Context>(
  env: SealEnv<Context>,
  d: ValidDecision,
  approvals: ApprovalStore,
  out: Map<string, AppliedOutcome>,
): Promise<void> {
  const original = d.items[0]!.attempt;
  const edited = d.edited ?? [];
  const newHash = edited[0]?.proposalHash;
  const same = newHash === original.proposalHash && edited[0]?.tool.name === original.tool.name;
  const note = same ? d.note : `superseded by an edit (${newHash})${d.note ? `: ${d.note}` : ''}`;
  const decided = await decideOnce(approvals, original.proposalHash, {
    decision: same ? 'approve' : 'reject',
    approver: d.approver,
    ...(note !== undefined ? { note } : {}),
    uses: d.items.length,
  });
  if (!decided || same) {
    for (const item of d.items)
      out.set(item.toolCallId, { kind: 'approved', attempt: item.attempt });
    return;
  }
  const granted = new Set<string>();
  for (const [i, item] of d.items.entries()) {
    const attempt = edited[i]!;
    await env.authorizer.audit?.append({
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
      out.set(item.toolCallId, {
        kind: 'refused',
        refusal: toRefusal(checked, { tool: attempt.tool.name, toolCallId: attempt.toolCallId }),
      });
      continue;
    }
    if (checked.type === 'suspended' && !granted.has(attempt.proposalHash)) {
      granted.add(attempt.proposalHash);
      await decideOnce(approvals, attempt.proposalHash, {
        decision: 'approve',
        approver: d.approver,
        note: `edit of ${item.proposal.proposalHash}`,
        uses: edited.filter((a) => a.proposalHash === attempt.proposalHash).length,
      });
    }
    out.set(item.toolCallId, { kind: 'edited', attempt });
  }
}

/** Applies validated decisions through the approval store (approve, reject, edit). */
export async function applyDecisions<Context>(
  env: SealEnv<Context>,
  decisions: readonly ValidDecision[],
): Promise<Map<string, AppliedOutcome>> {
  const out = new Map<string, AppliedOutcome>();
  const approvals = env.authorizer.approvals as ApprovalStore;
  for (const d of decisions) {
    if (d.type === 'edit') {
      await applyEdit(env, d, approvals, out);
      continue;
    }
    await decideOnce(approvals, d.items[0]!.proposal.proposalHash, {
      decision: d.type,
      approver: d.approver,
      ...(d.note !== undefined ? { note: d.note } : {}),
      ...(d.type === 'approve' ? { uses: d.items.length } : {}),
    });
    for (const item of d.items) {
      const where = { tool: item.attempt.tool.name, toolCallId: item.toolCallId };
      const rejected = makeRefusal(
        { code: 'approval_rejected', stage: 'approval', ...(d.note ? { reason: d.note } : {}) },
        where,
      );
      out.set(
        item.toolCallId,
        d.type === 'approve'
          ? { kind: 'approved', attempt: item.attempt }
          : { kind: 'refused', refusal: rejected },
      );
    }
  }
  return out;
}
