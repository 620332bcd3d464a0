import { describe, expect, it } from 'vitest';
import { args, prepared, setup } from './__fixtures__/refund.js';

/** Suspends a refund of `amount` and approves it; the grant is live afterwards. */
async function approve(ctx: ReturnType<typeof setup>, amount: number) {
  const first = await ctx.authorizer.call(ctx.tool, args(amount));
  if (first.status !== 'suspended') throw new Error('expected suspension');
  await ctx.approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
}

describe('an attempt is the only handle on its lifecycle: a ticket, not data', () => {
  it('the authorizer has no verb that takes a prepared call', () => {
    const ctx = setup();
    expect(Object.keys(ctx.authorizer).sort()).toEqual([
      'agent',
      'approvals',
      'audit',
      'call',
      'mode',
      'prepare',
    ]);
  });

  it('a forged copy of an attempt (approved hash, other arguments) runs only what was sealed', async () => {
    const ctx = setup();
    await approve(ctx, 50_000);
    const real = await prepared(ctx, args(50_000));
    const forged = {
      ...real,
      argsCanonicalJson: '{"amount":999999,"currency":"EUR","orderId":"ord_1"}',
    };
    const outcome = await forged.run();
    expect(outcome).toMatchObject({
      status: 'executed',
      argsCanonicalJson: real.argsCanonicalJson,
    });
    expect(ctx.executed.map((e) => e.amount)).toEqual([50_000]);
    // the copy shares the real attempt's state: it cannot run a second time either
    await expect(real.run()).rejects.toMatchObject({ code: 'attempt_spent' });
    expect(ctx.executed).toHaveLength(1);
  });

  it('an attempt is frozen', async () => {
    const ctx = setup();
    const call = await prepared(ctx, args(5));
    expect(Object.isFrozen(call)).toBe(true);
    expect(() => {
      (call as { argsCanonicalJson: string }).argsCanonicalJson = '{}';
    }).toThrow(TypeError);
  });

  it('a denied attempt does not execute: execute is refused not_authorized', async () => {
    const ctx = setup();
    const call = await prepared(ctx, args(5_000_000));
    expect(await call.authorize()).toMatchObject({ type: 'deny', reason: 'amount_above_ceiling' });
    await expect(call.execute()).rejects.toMatchObject({ code: 'not_authorized' });
    expect(ctx.executed).toEqual([]);
  });

  it('an approved attempt executes once: a second execute is refused attempt_spent', async () => {
    const ctx = setup();
    await approve(ctx, 50_000);
    const call = await prepared(ctx, args(50_000));
    const auth = await call.authorize();
    expect(auth).toMatchObject({ type: 'allow', grant: { approver: 'ann' } });
    expect((await call.execute()).status).toBe('executed');
    await expect(call.execute()).rejects.toMatchObject({ code: 'attempt_spent' });
    expect(ctx.executed).toHaveLength(1);
    expect(await ctx.approvals.peek(call.bindingHash)).toEqual({ live: false, reason: 'used_up' });
  });

  it("one attempt's authorization does not execute another attempt", async () => {
    const ctx = setup();
    const small = await prepared(ctx, args(5));
    const big = await prepared(ctx, args(5_000_000));
    expect((await small.authorize()).type).toBe('allow');
    await expect(big.execute()).rejects.toMatchObject({ code: 'not_authorized' });
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
