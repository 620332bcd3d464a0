import type { ApprovalStore, StoredProposal } from '@argseal/core';
import { CORE_REASON_MESSAGES, type ReasonMessages } from '@argseal/core/data';
import { POLICY_REASON_MESSAGES } from '@argseal/policies';
import { type ProposalDisplay, renderProposal } from './display/render-proposal.js';

/** How many recent proposals are searched for the last approved call of a tool. */
const PREVIOUS_WINDOW = 200;
const APPROVED = new Set(['approved', 'consumed', 'expired']);

/** Reason tables, first match wins: the application's, then @argseal/policies', then core's. */
export function reasonTables(own: ReasonMessages | undefined): readonly ReasonMessages[] {
  return [own ?? {}, POLICY_REASON_MESSAGES, CORE_REASON_MESSAGES];
}

/** The newest approved call of the same tool before `p` (bounded look-back), if any. */
async function lastApproved(
  store: ApprovalStore,
  p: StoredProposal,
): Promise<StoredProposal | undefined> {
  const recent = await store.listProposals({ status: 'all', limit: PREVIOUS_WINDOW });
  return recent.find(
    (q) =>
      q.id !== p.id && q.tool === p.tool && APPROVED.has(q.status) && q.createdAt <= p.createdAt,
  );
}

/** The full display of one proposal, compared with the last approved call of its tool. */
export async function displayFor(
  store: ApprovalStore,
  p: StoredProposal,
  tables: readonly ReasonMessages[],
): Promise<ProposalDisplay> {
  const previous = await lastApproved(store, p);
  return renderProposal(p, {
    reasonMessages: tables,
    ...(previous
      ? { previous: { id: previous.id, argsCanonicalJson: previous.argsCanonicalJson } }
      : {}),
  });
}

/** What a list row needs: title, sentence, context labels, risk and warning count. */
export function listDisplay(p: StoredProposal, tables: readonly ReasonMessages[]) {
  const d = renderProposal(p, { reasonMessages: tables });
  return {
    title: d.title,
    summary: d.summary,
    context: d.context,
    reason: d.reason,
    warnings: d.warnings.length,
    ...(d.risk ? { risk: d.risk } : {}),
  };
}
