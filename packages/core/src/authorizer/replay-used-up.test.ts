import { describe, expect, it } from 'vitest';
import { args, setup } from './__fixtures__/refund.js';

describe('a replayed resume of a call that ran: approval_used_up, never pending again', () => {
  it('authorize and check refuse the replay; listPending stays empty; nothing runs twice', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    const ran = await ctx.authorizer.call(ctx.tool, args(50_000), {
      toolCallId: 'c1',
      resumeOf: first.proposal.proposalHash,
    });
    expect(ran.status).toBe('executed');
    expect(ctx.executed).toHaveLength(1);
    const before = JSON.stringify(await ctx.approvals.listProposals({ status: 'all' }));

    for (const resumeOf of [first.proposal.proposalHash, true] as const) {
      const replay = await ctx.authorizer.call(ctx.tool, args(50_000), {
        toolCallId: 'c1',
        resumeOf,
      });
      expect(replay).toMatchObject({ status: 'denied', reason: 'approval_used_up' });
      const p = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c1' });
      if (!p.ok) throw p.error;
      expect(await p.attempt.check()).toMatchObject({ type: 'deny', reason: 'approval_used_up' });
    }
    expect(ctx.executed).toHaveLength(1);
    expect(await ctx.approvals.listPending()).toEqual([]);
    expect(JSON.stringify(await ctx.approvals.listProposals({ status: 'all' }))).toBe(before);
    const types = (await ctx.audit.records()).map((r) => r.type);
    expect(types.filter((t) => t === 'approval_requested')).toHaveLength(1);
    expect(types.filter((t) => t === 'executed')).toHaveLength(1);
  });

  it('the same arguments under a new tool-call id still ask for approval', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1', resumeOf: true });
    const next = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c2' });
    expect(next.status).toBe('suspended');
    expect((await ctx.approvals.listPending()).map((p) => p.toolCallId)).toEqual(['c2']);
    expect(ctx.executed).toHaveLength(1);
  });
});
