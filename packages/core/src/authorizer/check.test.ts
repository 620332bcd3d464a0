import { describe, expect, it } from 'vitest';
import { args, prepared, setup } from './__fixtures__/refund.js';

describe("an attempt's check: a non-consuming approval gate", () => {
  it('suspends when approval is needed and no grant exists, without executing', async () => {
    const ctx = setup();
    const result = await (await prepared(ctx, args(50_000))).check();
    expect(result.type).toBe('suspended');
    expect(ctx.executed).toEqual([]);
    expect(await ctx.approvals.listPending()).toHaveLength(1);
  });

  it('reports approved without consuming; authorize then consumes exactly once', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    const call = await prepared(ctx, args(50_000));
    expect((await call.check()).type).toBe('approved');
    expect((await call.check()).type).toBe('approved');
    expect(await ctx.approvals.peek(call.bindingHash)).toMatchObject({ live: true });
    const auth = await call.authorize();
    expect(auth.type).toBe('allow');
    expect(await ctx.approvals.peek(call.bindingHash)).toEqual({ live: false, reason: 'used_up' });
    const again = await (await prepared(ctx, args(50_000))).authorize();
    expect(again.type).toBe('suspended');
    expect(ctx.executed).toEqual([]);
  });

  it('authorize after check reuses the policy decision: policy runs once per attempt', async () => {
    let calls = 0;
    const ctx = setup({
      policy: () => {
        calls++;
        return { type: 'allow' };
      },
    });
    const call = await prepared(ctx, args(5));
    await call.check();
    const outcome = await call.run();
    expect(outcome.status).toBe('executed');
    expect(calls).toBe(1);
    // the decision belongs to that attempt: the next attempt asks the policy again
    await (await prepared(ctx, args(5))).run();
    expect(calls).toBe(2);
    expect(ctx.executed).toHaveLength(2);
  });

  it('a rejected proposal is denied by check', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposal.proposalHash, {
      decision: 'reject',
      approver: 'ann',
    });
    expect(await (await prepared(ctx, args(50_000))).check()).toMatchObject({
      type: 'deny',
      reason: 'approval_rejected',
    });
  });

  it('prepare exposes the effective request (after rewrite, before schema) for history', async () => {
    const ctx = setup({ rewrite: [({ arguments: a }) => ({ ...(a as object), memo: 'x' })] });
    const call = await prepared(
      ctx,
      '{ "orderId":"ord_1", "amount":5, "currency":"EUR", "junk": 1 }',
    );
    expect(call.effectiveCanonicalJson).toBe(
      '{"amount":5,"currency":"EUR","junk":1,"memo":"x","orderId":"ord_1"}',
    );
    // zod strips the unknown key: the schema output differs from the effective request
    expect(call.argsCanonicalJson).toBe(
      '{"amount":5,"currency":"EUR","memo":"x","orderId":"ord_1"}',
    );
  });

  it('the effective request keeps __proto__ as data and sorts index-like keys per RFC 8785', async () => {
    const ctx = setup();
    const call = await prepared(
      ctx,
      '{"orderId":"ord_1","amount":5,"currency":"EUR","__proto__":{"polluted":true},"10":1,"2":2}',
    );
    expect(call.effectiveCanonicalJson).toBe(
      '{"10":1,"2":2,"__proto__":{"polluted":true},"amount":5,"currency":"EUR","orderId":"ord_1"}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('peek and consume refuse a malformed binding hash with invalid_binding_hash', async () => {
    const ctx = setup();
    await expect(ctx.approvals.peek('nope')).rejects.toMatchObject({
      code: 'invalid_binding_hash',
    });
    await expect(ctx.approvals.consume('A'.repeat(64), { agent: 'a' })).rejects.toMatchObject({
      code: 'invalid_binding_hash',
    });
  });
});
