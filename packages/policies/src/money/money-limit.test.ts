import type { JsonValue } from '@argseal/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { decidedBy } from '../compose/decided-by.js';
import { moneyLimit } from './money-limit.js';

const policy = moneyLimit({
  limits: {
    USD: { ceiling: 100_000, approvalAbove: 10_000 },
    JPY: { ceiling: 1_000_000 },
  },
});

const run = (args: JsonValue) => policy(policyInput(args));

describe('moneyLimit', () => {
  it.each([
    [{ amount: 0, currency: 'USD' }, 'allow', 'money_within_limit'],
    [{ amount: 10_000, currency: 'USD' }, 'allow', 'money_within_limit'],
    [{ amount: 10_001, currency: 'USD' }, 'require_approval', 'money_above_approval_threshold'],
    [{ amount: 100_000, currency: 'USD' }, 'require_approval', 'money_above_approval_threshold'],
    [{ amount: 100_001, currency: 'USD' }, 'deny', 'money_above_ceiling'],
    [{ amount: 1_000_000, currency: 'JPY' }, 'allow', 'money_within_limit'],
    [{ amount: 1_000_001, currency: 'JPY' }, 'deny', 'money_above_ceiling'],
  ])('%j -> %s (%s)', async (args, type, reason) => {
    const d = await run(args);
    expect(d.type).toBe(type);
    expect(d.reason).toBe(reason);
    expect(decidedBy(d)).toEqual({ rule: 'moneyLimit', decision: type, reason });
  });

  it.each([
    [{ currency: 'USD' }, 'money_amount_missing'],
    [{ amount: null, currency: 'USD' }, 'money_amount_missing'],
    [{ amount: 10.5, currency: 'USD' }, 'money_not_integer'],
    [{ amount: 0.1, currency: 'USD' }, 'money_not_integer'],
    [{ amount: '100', currency: 'USD' }, 'money_amount_is_string'],
    [{ amount: '1e2', currency: 'USD' }, 'money_amount_is_string'],
    [{ amount: '', currency: 'USD' }, 'money_amount_is_string'],
    [{ amount: true, currency: 'USD' }, 'money_amount_not_number'],
    [{ amount: [100], currency: 'USD' }, 'money_amount_not_number'],
    [{ amount: { value: 100 }, currency: 'USD' }, 'money_amount_not_number'],
    [{ amount: 2 ** 53, currency: 'USD' }, 'money_unsafe_integer'],
    [{ amount: 1e300, currency: 'USD' }, 'money_unsafe_integer'],
    [{ amount: -1, currency: 'USD' }, 'money_negative'],
    [{ amount: 5 }, 'money_currency_missing'],
    [{ amount: 5, currency: null }, 'money_currency_missing'],
    [{ amount: 5, currency: 840 }, 'money_currency_not_string'],
    [{ amount: 5, currency: 'usd' }, 'money_unknown_currency'],
    [{ amount: 5, currency: 'USD ' }, 'money_unknown_currency'],
    [{ amount: 5, currency: 'EUR' }, 'money_unknown_currency'],
    [{ amount: 5, currency: '__proto__' }, 'money_unknown_currency'],
    [{ amount: 5, currency: 'constructor' }, 'money_unknown_currency'],
    [{ amount: 5, currency: 'toString' }, 'money_unknown_currency'],
    ['not an object', 'money_amount_missing'],
    [[5, 'USD'], 'money_amount_missing'],
  ])('denies %j with %s', async (args, reason) => {
    expect(await run(args as JsonValue)).toMatchObject({ type: 'deny', reason });
  });

  it('denies non-finite amounts that could reach it from a hand-built input', async () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const input = policyInput({}, { parsedArguments: { amount, currency: 'USD' } });
      expect(await policy(input)).toMatchObject({ type: 'deny', reason: 'money_not_finite' });
    }
  });

  it('allowNegative checks the magnitude against the same limits', async () => {
    const refunds = moneyLimit({
      allowNegative: true,
      limits: { USD: { ceiling: 100, approvalAbove: 50 } },
    });
    expect((await refunds(policyInput({ amount: -50, currency: 'USD' }))).type).toBe('allow');
    expect((await refunds(policyInput({ amount: -51, currency: 'USD' }))).type).toBe(
      'require_approval',
    );
    expect(await refunds(policyInput({ amount: -101, currency: 'USD' }))).toMatchObject({
      type: 'deny',
      reason: 'money_above_ceiling',
    });
  });

  it('reads custom paths and a custom rule name', async () => {
    const p = moneyLimit({
      amount: '/payment/minor',
      currency: '/payment/ccy',
      name: 'payments',
      limits: { EUR: { ceiling: 10 } },
    });
    const d = await p(policyInput({ payment: { minor: 11, ccy: 'EUR' } }));
    expect(d).toMatchObject({ type: 'deny', reason: 'money_above_ceiling' });
    expect(decidedBy(d)?.rule).toBe('payments');
  });

  it('copies the limits table at construction', async () => {
    const limits: Record<string, { ceiling: number }> = { USD: { ceiling: 10 } };
    const p = moneyLimit({ limits });
    limits.USD!.ceiling = 1_000;
    limits.EUR = { ceiling: 1_000 };
    expect((await p(policyInput({ amount: 11, currency: 'USD' }))).type).toBe('deny');
    expect(await p(policyInput({ amount: 1, currency: 'EUR' }))).toMatchObject({
      reason: 'money_unknown_currency',
    });
  });

  it.each([
    [{ limits: {} }],
    [{ limits: { USD: { ceiling: -1 } } }],
    [{ limits: { USD: { ceiling: 1.5 } } }],
    [{ limits: { USD: { ceiling: 2 ** 53 } } }],
    [{ limits: { USD: { ceiling: '100' } } }],
    [{ limits: { USD: { ceiling: 10, approvalAbove: 11 } } }],
    [{ limits: { USD: { ceiling: 10, approvalAbove: -1 } } }],
    [{ limits: { USD: null } }],
    [{ limits: null }],
    [{ limits: { USD: { ceiling: 1 } }, amount: '/items/*/amount' }],
    [null],
  ])('refuses bad options %j', (options) => {
    expect(() => moneyLimit(options as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('refuses a malformed pointer', () => {
    expect(() => moneyLimit({ amount: 'amount', limits: { USD: { ceiling: 1 } } })).toThrow(
      expect.objectContaining({ code: 'invalid_json_pointer' }),
    );
  });

  it('property: every safe integer is classified by its magnitude, never coerced', async () => {
    const ceiling = 1_000_000;
    const threshold = 10_000;
    const p = moneyLimit({ limits: { USD: { ceiling, approvalAbove: threshold } } });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), async (amount) => {
        const d = await p(policyInput({ amount, currency: 'USD' }));
        const want = amount > ceiling ? 'deny' : amount > threshold ? 'require_approval' : 'allow';
        expect(d.type).toBe(want);
      }),
    );
  });

  it('property: non-integers and numeric strings are always denied', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
          fc.integer().map(String),
          fc.double().map(String),
        ),
        async (amount) => {
          const d = await run({ amount, currency: 'USD' });
          expect(d.type).toBe('deny');
          expect(['money_not_integer', 'money_amount_is_string']).toContain(d.reason);
        },
      ),
    );
  });
});
