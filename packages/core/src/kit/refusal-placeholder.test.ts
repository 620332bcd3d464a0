import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import { pendingProposalOf } from './pending-proposal.js';
import { makeRefusal } from './refusal.js';
import {
  REFUSAL_PLACEHOLDER_KEY,
  readRefusalPlaceholder,
  refusalPlaceholder,
} from './refusal-placeholder.js';

describe('refusal placeholder', () => {
  const refusal = makeRefusal({ code: 'duplicate_key', stage: 'decode', path: '/amount' });

  it('is canonical JSON with stage, code and path only, and reads back from text or value', () => {
    const text = refusalPlaceholder({ ...refusal, reason: 'secret 4000' });
    expect(text).toBe(
      `{"${REFUSAL_PLACEHOLDER_KEY}":{"code":"duplicate_key","path":"/amount","stage":"decode"}}`,
    );
    const where = { tool: 'refund', toolCallId: 'c1' };
    const back = readRefusalPlaceholder(text, where);
    expect(back).toMatchObject({
      ...where,
      code: 'duplicate_key',
      stage: 'decode',
      path: '/amount',
    });
    expect(readRefusalPlaceholder(JSON.parse(text))).toMatchObject({ code: 'duplicate_key' });
  });

  it('an unknown stage reads as decode; anything else is no placeholder', () => {
    const odd = { [REFUSAL_PLACEHOLDER_KEY]: { stage: 'policy', code: 'x', path: '' } };
    expect(readRefusalPlaceholder(odd)?.stage).toBe('decode');
    for (const value of [
      '{"amount":5}',
      `{"${REFUSAL_PLACEHOLDER_KEY}":`,
      { [REFUSAL_PLACEHOLDER_KEY]: { code: 'x', path: '' }, amount: 5 },
      { [REFUSAL_PLACEHOLDER_KEY]: 'x' },
      { [REFUSAL_PLACEHOLDER_KEY]: { code: 1, path: '' } },
      null,
      42,
    ]) {
      expect(readRefusalPlaceholder(value)).toBeUndefined();
    }
  });
});

describe('pendingProposalOf', () => {
  it('is the latest proposal of the call when pending with the same hash', async () => {
    const ctx = setup();
    await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
    const same = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c1' });
    const other = await ctx.authorizer.prepare(ctx.tool, args(60_000), { toolCallId: 'c1' });
    const elsewhere = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c2' });
    if (!same.ok || !other.ok || !elsewhere.ok) throw new Error('prepare');
    const found = await pendingProposalOf(ctx.approvals, same.attempt);
    expect(found?.proposalHash).toBe(same.attempt.proposalHash);
    expect(await pendingProposalOf(ctx.approvals, other.attempt)).toBeUndefined();
    expect(await pendingProposalOf(ctx.approvals, elsewhere.attempt)).toBeUndefined();
    expect(await pendingProposalOf(undefined, same.attempt)).toBeUndefined();
    await ctx.approvals.decide(found!.proposalHash, { decision: 'reject', approver: 'ann' });
    expect(await pendingProposalOf(ctx.approvals, same.attempt)).toBeUndefined();
  });
});
