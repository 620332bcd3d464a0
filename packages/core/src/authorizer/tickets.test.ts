import { describe, expect, it } from 'vitest';
import { args, prepared, setup } from './__fixtures__/refund.js';

describe('prepared calls and allow results are tickets, not data', () => {
  it('a forged call object (approved hash, other arguments) is refused: nothing runs, no grant used', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    const real = await prepared(ctx, args(50_000));
    const forged = {
      ...real,
      argsCanonicalJson: '{"amount":999999,"currency":"EUR","orderId":"ord_1"}',
    };
    await expect(ctx.authorizer.run(forged)).rejects.toMatchObject({
      code: 'unknown_prepared_call',
    });
    await expect(ctx.authorizer.authorize(forged)).rejects.toMatchObject({
      code: 'unknown_prepared_call',
    });
    await expect(ctx.authorizer.check(forged)).rejects.toMatchObject({
      code: 'unknown_prepared_call',
    });
    expect(ctx.executed).toEqual([]);
    expect(await ctx.approvals.peek(real.bindingHash)).toMatchObject({ live: true });
  });

  it('a call prepared by another authorizer is refused', async () => {
    const a = setup();
    const b = setup();
    const call = await prepared(a, args(5));
    await expect(b.authorizer.run(call)).rejects.toMatchObject({ code: 'unknown_prepared_call' });
    expect(a.executed).toEqual([]);
  });

  it('a prepared call is frozen', async () => {
    const ctx = setup();
    const call = await prepared(ctx, args(5));
    expect(Object.isFrozen(call)).toBe(true);
    expect(() => {
      (call as { argsCanonicalJson: string }).argsCanonicalJson = '{}';
    }).toThrow(TypeError);
  });

  it('a hand-made allow result does not execute', async () => {
    const ctx = setup();
    const call = await prepared(ctx, args(5_000_000));
    await expect(
      ctx.authorizer.execute(call, { type: 'allow', decision: { type: 'allow' } }),
    ).rejects.toMatchObject({ code: 'not_authorized' });
    expect(ctx.executed).toEqual([]);
  });

  it('an allow result executes once: a second execute with it is refused', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.call(ctx.tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    const call = await prepared(ctx, args(50_000));
    const auth = await ctx.authorizer.authorize(call);
    if (auth.type !== 'allow') throw new Error('expected allow');
    expect((await ctx.authorizer.execute(call, auth)).status).toBe('executed');
    await expect(ctx.authorizer.execute(call, auth)).rejects.toMatchObject({
      code: 'not_authorized',
    });
    expect(ctx.executed).toHaveLength(1);
  });

  it('an allow result for one call does not execute another', async () => {
    const ctx = setup();
    const small = await prepared(ctx, args(5));
    const big = await prepared(ctx, args(5_000_000));
    const auth = await ctx.authorizer.authorize(small);
    if (auth.type !== 'allow') throw new Error('expected allow');
    await expect(ctx.authorizer.execute(big, auth)).rejects.toMatchObject({
      code: 'not_authorized',
    });
    expect(ctx.executed).toEqual([]);
  });

  it('a policy decision whose getters change their answer is judged on a private clone', async () => {
    let reads = 0;
    const ctx = setup({
      policy: () =>
        ({
          get type() {
            reads++;
            return reads === 1 ? 'deny' : 'allow';
          },
          reason: 'nope',
        }) as never,
    });
    const outcome = await ctx.authorizer.call(ctx.tool, args(5));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'nope' });
    expect(ctx.executed).toEqual([]);
  });

  it('a decision trace is copied once: later changes to it and its getters change nothing recorded', async () => {
    const trace: Record<string, unknown>[] = [{ rule: 'r1', decision: 'allow' }];
    const entry = JSON.parse('{"rule":"r2","decision":"allow","__proto__":{"x":1}}');
    trace.push(entry);
    const ctx = setup({ policy: () => ({ type: 'allow', trace }) as never });
    const outcome = await ctx.authorizer.call(ctx.tool, args(5));
    expect(outcome.status).toBe('executed');
    trace[0]!.rule = 'changed';
    trace.push({ rule: 'late' });
    const decided = (await ctx.audit.records()).find((r) => r.type === 'decided');
    expect(decided?.trace).toEqual([
      { rule: 'r1', decision: 'allow' },
      JSON.parse('{"rule":"r2","decision":"allow","__proto__":{"x":1}}'),
    ]);
    const copied = decided?.trace?.[1] as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.hasOwn(copied, '__proto__')).toBe(true);

    let reads = 0;
    const withGetter = setup({
      policy: () =>
        ({
          type: 'allow',
          trace: [
            {
              get rule() {
                reads++;
                return reads === 1 ? 'first' : 'second';
              },
            },
          ],
        }) as never,
    });
    await withGetter.authorizer.call(withGetter.tool, args(5));
    const once = (await withGetter.audit.records()).find((r) => r.type === 'decided');
    expect(once?.trace).toEqual([{ rule: 'first' }]);
    expect(reads).toBe(1);
  });
});
