import { describe, expect, it } from 'vitest';
import { createMemoryApprovalStore } from '../../approvals/memory-store.js';
import type { ApprovalStore, ListProposalsFilter } from '../../approvals/types.js';
import { args, setup } from '../../authorizer/__fixtures__/refund.js';
import { approvePending } from './approve-pending.js';

/** A memory store that records listProposals filters; `ignoreHash` plays a store without the filter. */
function spiedStore(ignoreHash = false) {
  const inner = createMemoryApprovalStore();
  const filters: (ListProposalsFilter | undefined)[] = [];
  const store: ApprovalStore = {
    ...inner,
    listProposals(filter) {
      filters.push(filter);
      if (!ignoreHash || filter === undefined) return inner.listProposals(filter);
      const { proposalHash: _ignored, ...rest } = filter;
      return inner.listProposals(rest);
    },
  };
  return { store, filters };
}

async function suspended(ctx: ReturnType<typeof setup>, toolCallId: string) {
  const p = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId });
  if (!p.ok) throw new Error(`prepare: ${p.refusal.code}`);
  expect((await p.attempt.run()).status).toBe('suspended');
  return p.attempt;
}

describe('approvePending replay check', () => {
  for (const ignoreHash of [false, true]) {
    it(`a replayed approval for a decided call and hash grants nothing${ignoreHash ? ' (store without the hash filter)' : ''}`, async () => {
      const { store, filters } = spiedStore(ignoreHash);
      const ctx = setup({ approvals: store });
      const first = await suspended(ctx, 'c1');
      expect(await approvePending(store, first, { approver: 'client' })).toBe(true);
      const resumed = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c1' });
      expect(resumed.ok && (await resumed.attempt.run()).status).toBe('executed');
      expect(ctx.executed).toHaveLength(1);

      // the same messages again: the call ran on its grant, so the replay is refused
      // approval_used_up and no new pending proposal is created for it
      const replay = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c1' });
      if (!replay.ok) throw new Error('prepare failed');
      expect(await replay.attempt.run()).toMatchObject({
        status: 'denied',
        reason: 'approval_used_up',
      });
      expect(await approvePending(store, replay.attempt, { approver: 'client' })).toBe(false);
      expect(await store.findPending(first.proposalHash)).toBeUndefined();
      const again = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c1' });
      expect(again.ok && (await again.attempt.run()).status).toBe('denied');
      expect(ctx.executed).toHaveLength(1);

      // every lookup asked by hash, never for the whole store
      expect(filters.length).toBeGreaterThan(0);
      for (const f of filters)
        expect(f).toEqual({ status: 'all', proposalHash: first.proposalHash });
    });
  }
});
