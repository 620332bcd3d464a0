import type { ApprovalStore } from '@argseal/core';

/**
 * True when the store holds a live approve grant for `bindingHash`, WITHOUT consuming it
 * (the grant is consumed atomically by `authorize` at execution). Reads the approved
 * proposals (stores list expired grants as `expired` and used-up ones as `consumed`).
 * Only an optimisation for the SDK's approval gate: a wrong answer never executes
 * anything, because execution itself consumes the grant or refuses.
 */
export async function hasLiveGrant(
  store: ApprovalStore | undefined,
  bindingHash: string,
): Promise<boolean> {
  if (!store) return false;
  const approved = await store.listProposals({ status: 'approved' });
  return approved.some((proposal) => proposal.bindingHash === bindingHash);
}
