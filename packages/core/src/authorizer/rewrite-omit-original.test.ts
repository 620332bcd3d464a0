import { describe, expect, it } from 'vitest';
import type { RewriteHook } from '../index.js';
import { args, setup } from './__fixtures__/refund.js';

const SECRET = 'sk_live_51HqLyjWDarjtT1zdp7dcXYZ';

/** A redactor: replaces the memo and asks core to keep the original out of records. */
const redact: RewriteHook = Object.assign(
  ({ arguments: a }: { arguments: unknown }) =>
    (a as { memo?: string }).memo === undefined
      ? undefined
      : { ...(a as object), memo: '[REDACTED]' },
  { omitOriginal: true },
);

describe('rewrite hooks with omitOriginal', () => {
  it('keep the original out of the outcome and every audit record; the effective call is hashed', async () => {
    const { authorizer, tool, executed, audit } = setup({ rewrite: [redact] });
    const outcome = await authorizer.call(tool, args(50, { memo: SECRET }));
    expect(outcome).toMatchObject({
      status: 'executed',
      rewritten: true,
      originalArguments: undefined,
    });
    expect(executed).toEqual([
      { amount: 50, currency: 'EUR', memo: '[REDACTED]', orderId: 'ord_1' },
    ]);
    const records = await audit.records();
    expect(records.map((r) => r.type)).toContain('rewritten');
    expect(JSON.stringify(records)).not.toContain(SECRET);
    expect(records.every((r) => r.originalArguments === undefined)).toBe(true);
  });

  it('keep the original out of a suspended proposal', async () => {
    const { authorizer, tool, approvals } = setup({ rewrite: [redact] });
    const outcome = await authorizer.call(tool, args(50_000, { memo: SECRET }));
    if (outcome.status !== 'suspended') throw new Error('expected suspension');
    expect(outcome.proposal.originalArguments).toBeUndefined();
    expect(outcome.proposal.argsCanonicalJson).toContain('[REDACTED]');
    expect(JSON.stringify(await approvals.listPending())).not.toContain(SECRET);
  });

  it('a redactor that changes nothing leaves another hook its sidecar', async () => {
    const { authorizer, tool } = setup({
      rewrite: [redact, ({ arguments: a }) => ({ ...(a as object), currency: 'USD' })],
    });
    const outcome = await authorizer.call(tool, args(50));
    expect(outcome).toMatchObject({ status: 'executed', rewritten: true });
    if (outcome.status === 'executed') expect(outcome.originalArguments).toContain('"EUR"');
  });
});
