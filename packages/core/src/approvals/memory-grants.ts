import type { ApprovalGrant } from './types.js';

type NoGrant = 'no_grant' | 'expired' | 'used_up' | 'rejected';
export type GrantLookup =
  | { grant: ApprovalGrant; reason?: never }
  | { grant?: never; reason: NoGrant };

interface Entry {
  grant: ApprovalGrant;
  /** The agent of the decided proposal: consume takes only grants of the consuming agent. */
  agent: string;
}

/** The memory store's grants, indexed by binding hash and by proposal id. */
export function createGrantTable(now: () => Date) {
  const byBinding = new Map<string, Entry[]>();
  const byProposal = new Map<string, ApprovalGrant>();
  return {
    add(grant: ApprovalGrant, agent: string): void {
      const list = byBinding.get(grant.bindingHash) ?? [];
      list.push({ grant, agent });
      byBinding.set(grant.bindingHash, list);
      byProposal.set(grant.proposalId, grant);
    },
    forProposal(id: string): ApprovalGrant | undefined {
      return byProposal.get(id);
    },
    /**
     * The live approve grant for a binding hash (of `agent`'s proposals when given), or why
     * there is none. A live reject of the hash wins, whoever's; approve grants of other agents
     * are invisible.
     */
    lookup(bindingHash: string, agent?: string): GrantLookup {
      const t = now().getTime();
      const all = byBinding.get(bindingHash) ?? [];
      const live = (g: ApprovalGrant) => !g.expiresAt || Date.parse(g.expiresAt) > t;
      if (all.some((e) => e.grant.decision === 'reject' && live(e.grant)))
        return { reason: 'rejected' };
      const mine = all.filter((e) => agent === undefined || e.agent === agent).map((e) => e.grant);
      const grant = mine.find((g) => g.decision === 'approve' && g.usesLeft > 0 && live(g));
      if (grant) return { grant };
      if (mine.some((g) => g.decision === 'approve' && g.usesLeft > 0))
        return { reason: 'expired' };
      if (mine.some((g) => g.decision === 'approve')) return { reason: 'used_up' };
      return { reason: 'no_grant' };
    },
  };
}
