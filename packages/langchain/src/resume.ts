import type { JsonObject } from '@argseal/core';
import { Command } from '@langchain/langgraph';
import {
  APPROVAL_REQUEST_KIND,
  type ArgsealApprovalRequest,
  type ArgsealDecision,
  type ArgsealProposalView,
  type ArgsealResume,
} from './approval-types.js';

type ProposalRef = Pick<ArgsealProposalView, 'id' | 'proposalHash'>;
interface DecisionOptions {
  approver?: string;
  note?: string;
}

function base(p: ProposalRef, o: DecisionOptions | undefined) {
  return {
    proposalHash: p.proposalHash,
    proposalId: p.id,
    ...(o?.approver !== undefined ? { approver: o.approver } : {}),
    ...(o?.note !== undefined ? { note: o.note } : {}),
  };
}

/** The argseal approval request in an `invoke` result (`result.__interrupt__`), if the run paused for one. */
export function getApprovalRequest(result: unknown): ArgsealApprovalRequest | undefined {
  const interrupts = (result as { __interrupt__?: unknown } | null | undefined)?.__interrupt__;
  if (!Array.isArray(interrupts)) return undefined;
  for (const entry of interrupts) {
    const value = (entry as { value?: unknown } | null)?.value as
      | ArgsealApprovalRequest
      | undefined;
    if (value?.kind === APPROVAL_REQUEST_KIND) return value;
  }
  return undefined;
}

/** Approve exactly this proposal (its hash and id). */
export function approve(proposal: ProposalRef, options?: DecisionOptions): ArgsealDecision {
  return { type: 'approve', ...base(proposal, options) };
}

/** Reject this proposal; `note` is shown to the model. */
export function reject(proposal: ProposalRef, options?: DecisionOptions): ArgsealDecision {
  return { type: 'reject', ...base(proposal, options) };
}

/**
 * Replace this proposal by another call (maybe another tool). The new call gets its
 * own proposal hash and goes through the policy of the tool it targets; the editor's
 * decision counts as the approval of exactly that new hash.
 */
export function edit(
  proposal: ProposalRef,
  editedAction: { name: string; args: JsonObject },
  options?: DecisionOptions,
): ArgsealDecision {
  return { type: 'edit', editedAction, ...base(proposal, options) };
}

/** `new Command({ resume })` for `agent.invoke(resumeWith(…), { configurable: { thread_id } })`. */
export function resumeWith(resume: ArgsealResume): Command {
  return new Command({ resume });
}
