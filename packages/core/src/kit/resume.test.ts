import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import { defineTool } from '../tool/define-tool.js';
import { decodedOnly } from './inputs.js';

describe('resume binding in core', () => {
  it('resumeOf: true binds to the latest proposal for the call; changed arguments are audited and supersede it', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
    if (first.status !== 'suspended') throw new Error('expected suspension');
    const p = await ctx.authorizer.prepare(ctx.tool, args(60_000), {
      toolCallId: 'c1',
      resumeOf: true,
    });
    if (!p.ok) throw new Error('prepare');
    expect(p.attempt.resumeOf).toBe(first.proposal.proposalHash);
    expect(p.attempt.supersedes).toBe(first.proposal.id);
    const outcome = await p.attempt.run();
    if (outcome.status !== 'suspended') throw new Error('expected suspension');
    expect(outcome.proposal.supersedes).toBe(first.proposal.id);
    const mismatch = (await ctx.audit.records()).find((r) => r.type === 'approval_mismatched');
    expect(mismatch).toMatchObject({ supersedes: first.proposal.proposalHash, toolCallId: 'c1' });
    expect(ctx.executed).toEqual([]);
  });

  it('a resume with the approved arguments runs once and audits no mismatch', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    const p = await ctx.authorizer.prepare(ctx.tool, args(50_000), {
      toolCallId: 'c1',
      resumeOf: true,
    });
    if (!p.ok) throw new Error('prepare');
    expect(p.attempt.supersedes).toBeUndefined();
    expect((await p.attempt.run()).status).toBe('executed');
    expect((await ctx.audit.records()).some((r) => r.type === 'approval_mismatched')).toBe(false);
  });

  it('resumeOf: true without any proposal is not a resume: decoded input stays refused', async () => {
    const ctx = setup();
    const value = JSON.parse(args(5));
    const p = await ctx.authorizer.prepare(ctx.tool, decodedOnly(value), {
      toolCallId: 'c9',
      resumeOf: true,
    });
    expect(p.ok ? undefined : p.refusal.code).toBe('raw_text_unavailable');
    expect(ctx.executed).toEqual([]);
  });

  it('an edit is a new proposal that supersedes the original (CallOptions.supersedes)', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
    if (first.status !== 'suspended') throw new Error('expected suspension');
    const p = await ctx.authorizer.prepare(ctx.tool, args(40_000), {
      toolCallId: 'c1',
      supersedes: first.proposal.id,
    });
    if (!p.ok) throw new Error('prepare');
    const outcome = await p.attempt.run();
    if (outcome.status !== 'suspended') throw new Error('expected suspension');
    expect(outcome.proposal.proposalHash).not.toBe(first.proposal.proposalHash);
    expect(outcome.proposal.supersedes).toBe(first.proposal.id);
  });

  it('history carries the effective request: a transforming schema resumes to the same hash', async () => {
    const ctx = setup();
    const tool = defineTool({
      name: 'refund',
      schema: z.object({ amount: z.string().transform((s) => s.length * 10_000) }),
      execute: (input: { amount: number }) => input.amount,
    });
    const first = await ctx.authorizer.prepare(tool, '{"amount":"abcd"}', { toolCallId: 'c1' });
    if (!first.ok) throw new Error('prepare');
    expect(first.attempt.historyArguments).toBe('{"amount":"abcd"}');
    expect(first.attempt.argsCanonicalJson).toBe('{"amount":40000}');
    const paused = await first.attempt.run();
    if (paused.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.attempt.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    // the framework hands back what history carries, decoded
    const resumed = await ctx.authorizer.prepare(
      tool,
      decodedOnly(JSON.parse(first.attempt.historyArguments)),
      { toolCallId: 'c1', resumeOf: true },
    );
    if (!resumed.ok) throw new Error(resumed.refusal.message);
    expect(resumed.attempt.proposalHash).toBe(first.attempt.proposalHash);
    expect(resumed.attempt.provenance).toBe('decoded_only');
    expect(await resumed.attempt.run()).toMatchObject({ status: 'executed', result: 40_000 });
  });
});
