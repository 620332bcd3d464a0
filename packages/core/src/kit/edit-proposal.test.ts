import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import { ApprovalError } from '../errors.js';
import { approveEdit, prepareResume } from './edit-proposal.js';
import { decodedOnly } from './inputs.js';

const edited = (amount: number) => ({ orderId: 'ord_1', amount, currency: 'EUR' });

async function pendingCall(ctx: ReturnType<typeof setup>) {
  const first = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
  if (first.status !== 'suspended') throw new Error('expected suspension');
  const original = await ctx.approvals.getProposal(first.proposal.id);
  return original!;
}

async function statuses(ctx: ReturnType<typeof setup>) {
  const all = await ctx.approvals.listProposals({ status: 'all' });
  return all.map((p) => p.status).sort();
}

describe('approveEdit + prepareResume', () => {
  it('an edit is a new proposal superseding the original, granted by hash; the resume runs it once', async () => {
    const ctx = setup();
    const original = await pendingCall(ctx);
    const tool = ctx.tool;
    const out = await approveEdit(
      ctx.authorizer,
      original,
      { tool, arguments: edited(40_000) },
      { approver: 'ann', note: 'lower' },
    );
    if (!out.ok) throw new Error(out.refusal.message);
    expect(out.proposal).toMatchObject({ supersedes: original.id, toolCallId: 'c1' });
    expect(out.grant.proposalId).toBe(out.proposal.id);
    expect((await ctx.approvals.getProposal(original.id))?.status).toBe('rejected');
    expect((await ctx.approvals.getProposal(original.id))?.note).toContain(
      out.proposal.proposalHash,
    );

    // the framework resumes with the ORIGINAL arguments from its history
    const resumed = await prepareResume(ctx.authorizer, tool, args(50_000), { toolCallId: 'c1' });
    if (!resumed.ok) throw new Error('prepare');
    expect(resumed.attempt.proposalHash).toBe(out.proposal.proposalHash);
    expect((await resumed.attempt.run()).status).toBe('executed');
    expect(ctx.executed.map((e) => e.amount)).toEqual([40_000]);

    // replay: the edit is consumed, the original rejected: nothing runs
    const replay = await prepareResume(ctx.authorizer, tool, args(50_000), { toolCallId: 'c1' });
    if (!replay.ok) throw new Error('prepare');
    expect(replay.attempt.proposalHash).toBe(original.proposalHash);
    expect((await replay.attempt.run()).status).toBe('denied');
    expect(ctx.executed).toHaveLength(1);
  });

  it('an edit the policy allows is still recorded and bound; the same arguments approve the original', async () => {
    const ctx = setup();
    const original = await pendingCall(ctx);
    const small = await approveEdit(
      ctx.authorizer,
      original,
      { tool: ctx.tool, arguments: edited(5_000) },
      { approver: 'ann' },
    );
    if (!small.ok) throw new Error('edit');
    expect(small.proposal.supersedes).toBe(original.id);
    expect(await statuses(ctx)).toEqual(['approved', 'rejected']);

    const ctx2 = setup();
    const original2 = await pendingCall(ctx2);
    const same = await approveEdit(
      ctx2.authorizer,
      original2,
      { tool: ctx2.tool, arguments: { currency: 'EUR', amount: 50_000, orderId: 'ord_1' } },
      { approver: 'ann' },
    );
    if (!same.ok) throw new Error('edit');
    expect(same.proposal.id).toBe(original2.id);
    expect(await statuses(ctx2)).toEqual(['approved']);
  });

  it('a resume of a changed call without an edit keeps the closed path (no substitution)', async () => {
    const ctx = setup();
    const original = await pendingCall(ctx);
    await ctx.approvals.decide(original.proposalHash, { decision: 'approve', approver: 'ann' });
    const changed = await prepareResume(ctx.authorizer, ctx.tool, decodedOnly(edited(90_000)), {
      toolCallId: 'c1',
    });
    if (!changed.ok) throw new Error('prepare');
    expect((await changed.attempt.run()).status).toBe('suspended');
    expect(ctx.executed).toEqual([]);
  });

  it.each([
    ['a value outside JSON (NaN)', edited(Number.NaN), 'decode'],
    ['a schema violation', { ...edited(1), amount: 'x' }, 'schema'],
    ['a policy deny', edited(5_000_000), 'policy'],
  ])('%s: refused with its stage, nothing decided or stored', async (_l, value, stage) => {
    const ctx = setup();
    const original = await pendingCall(ctx);
    const out = await approveEdit(
      ctx.authorizer,
      original,
      { tool: ctx.tool, arguments: value },
      { approver: 'ann' },
    );
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.refusal.stage).toBe(stage);
    expect(await statuses(ctx)).toEqual(['pending']);
    expect(ctx.executed).toEqual([]);
  });

  it('bad decision fields throw the store rule code before anything is prepared', async () => {
    const ctx = setup();
    const original = await pendingCall(ctx);
    const before = (await ctx.audit.records()).length;
    const edit = { tool: ctx.tool, arguments: edited(40_000) };
    const error = await approveEdit(ctx.authorizer, original, edit, { approver: ' ' }).catch(
      (e: unknown) => e,
    );
    expect(ApprovalError.isInstance(error) && error.code).toBe('invalid_approver');
    expect((await ctx.audit.records()).length).toBe(before);
    expect(await statuses(ctx)).toEqual(['pending']);
  });

  it('without an approval store: approval_store_missing, nothing prepared', async () => {
    const ctx = setup({ approvals: null });
    const original = { ...(await pendingCall(setup())) };
    const out = await approveEdit(
      ctx.authorizer,
      original,
      { tool: ctx.tool, arguments: edited(40_000) },
      { approver: 'ann' },
    );
    expect(!out.ok && out.refusal.code).toBe('approval_store_missing');
  });
});
