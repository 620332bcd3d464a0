import { describe, expect, it } from 'vitest';
import { args, setup } from './__fixtures__/refund.js';

describe('rewrite hooks', () => {
  it('11. run before identity; schema and snapshot see the effective request once; audit keeps the original', async () => {
    const hookInputs: unknown[] = [];
    const { authorizer, tool, executed, counter, audit } = setup({
      rewrite: [
        ({ arguments: a }) => {
          hookInputs.push(structuredClone(a));
          return { ...(a as object), memo: 'sanitized' };
        },
        () => undefined,
      ],
    });
    const outcome = await authorizer.call(tool, args(50, { memo: '<b>hi</b>' }));
    expect(outcome.status).toBe('executed');
    if (outcome.status !== 'executed') return;
    expect(counter.parses).toBe(1);
    expect(hookInputs).toEqual([
      { amount: 50, currency: 'EUR', memo: '<b>hi</b>', orderId: 'ord_1' },
    ]);
    expect(executed).toEqual([
      { amount: 50, currency: 'EUR', memo: 'sanitized', orderId: 'ord_1' },
    ]);
    expect(outcome.rewritten).toBe(true);
    expect(outcome.originalArguments).toBe(
      '{"amount":50,"currency":"EUR","memo":"<b>hi</b>","orderId":"ord_1"}',
    );
    expect(outcome.argsCanonicalJson).toBe(
      '{"amount":50,"currency":"EUR","memo":"sanitized","orderId":"ord_1"}',
    );
    const records = await audit.records();
    const rewritten = records.find((r) => r.type === 'rewritten');
    expect(rewritten).toMatchObject({
      originalArguments: outcome.originalArguments,
      argsCanonicalJson: outcome.argsCanonicalJson,
    });
    const exec = records.find((r) => r.type === 'executed');
    expect(exec).toMatchObject({
      originalArguments: outcome.originalArguments,
      argsCanonicalJson: outcome.argsCanonicalJson,
    });
  });

  it('a rewrite that only reorders keys is not a rewrite', async () => {
    const { authorizer, tool } = setup({
      rewrite: [
        ({ arguments: a }) => JSON.parse(JSON.stringify(a, Object.keys(a as object).reverse())),
      ],
    });
    const outcome = await authorizer.call(tool, args(50));
    expect(outcome).toMatchObject({
      status: 'executed',
      rewritten: false,
      originalArguments: undefined,
    });
  });

  it('the suspended proposal carries the original arguments when rewritten', async () => {
    const { authorizer, tool } = setup({
      rewrite: [({ arguments: a }) => ({ ...(a as object), currency: 'USD' })],
    });
    const outcome = await authorizer.call(tool, args(50_000));
    if (outcome.status !== 'suspended') throw new Error('expected suspension');
    expect(outcome.proposal.originalArguments).toContain('"EUR"');
    expect(outcome.proposal.argsCanonicalJson).toContain('"USD"');
  });

  it('a throwing rewrite hook is invalid at stage rewrite: no policy, no execution', async () => {
    let policyCalls = 0;
    const { authorizer, tool, executed } = setup({
      policy: () => {
        policyCalls++;
        return { type: 'allow' };
      },
      rewrite: [
        () => {
          throw new Error('secret payload 4111111111111111');
        },
      ],
    });
    const outcome = await authorizer.call(tool, args(50));
    expect(outcome.status).toBe('invalid');
    if (outcome.status !== 'invalid') return;
    expect(outcome.error).toMatchObject({
      stage: 'rewrite',
      code: 'rewrite_failed',
      tool: 'refund',
    });
    expect(outcome.error.message).not.toContain('4111');
    expect(policyCalls).toBe(0);
    expect(executed).toEqual([]);
  });

  it('a rewrite producing a non-JSON value is invalid at stage rewrite', async () => {
    const { authorizer, tool, executed } = setup({
      rewrite: [() => ({ at: new Date() }) as never],
    });
    const outcome = await authorizer.call(tool, args(50));
    expect(outcome).toMatchObject({
      status: 'invalid',
      error: { stage: 'rewrite', code: 'date_object', path: '/at' },
    });
    expect(executed).toEqual([]);
  });
});

describe('shadow mode', () => {
  it('12. records what enforce would have decided, loudly, and executes', async () => {
    const { authorizer, tool, executed, audit, approvals } = setup({ mode: 'shadow' });
    const denied = await authorizer.call(tool, args(5_000_000));
    const approval = await authorizer.call(tool, args(50_000));
    expect(denied.status).toBe('executed');
    expect(approval.status).toBe('executed');
    expect(executed.map((e) => e.amount)).toEqual([5_000_000, 50_000]);
    expect(await approvals.listProposals()).toEqual([]);
    const shadow = (await audit.records()).filter((r) => r.type === 'shadow');
    expect(shadow.map((r) => r.decision)).toEqual(['deny', 'require_approval']);
    expect(shadow[0]?.reason).toMatch(
      /^SHADOW MODE: enforce would have decided "deny" \(amount_above_ceiling\)/,
    );
    const exec = (await audit.records()).filter((r) => r.type === 'executed');
    expect(exec.every((r) => r.mode === 'shadow')).toBe(true);
  });

  it('shadow mode still refuses invalid input', async () => {
    const { authorizer, tool, executed } = setup({ mode: 'shadow' });
    expect((await authorizer.call(tool, '{"amount":1,"amount":2}')).status).toBe('invalid');
    expect(executed).toEqual([]);
  });
});
