import { createAuthorizer, defineTool } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { runBin } from './__fixtures__/run-bin.js';

type Refund = { to: string; amount: number; currency?: string };

/** A Standard Schema that adds a default, like `z.object({ currency: z.string().default('EUR') })`. */
const refundSchema = {
  '~standard': {
    version: 1 as const,
    vendor: 'argseal-cli-test',
    validate(value: unknown) {
      const v = value as Refund;
      if (typeof v?.to !== 'string' || typeof v.amount !== 'number') {
        return { issues: [{ message: 'bad refund' }] };
      }
      return { value: { to: v.to, amount: v.amount, currency: v.currency ?? 'EUR' } };
    },
  },
};

describe('argseal hash agrees with the authorizer pipeline', () => {
  const tool = defineTool({
    name: 'refund',
    description: 'refund',
    schema: refundSchema,
    execute: async () => 'never called here',
  });
  const authorizer = createAuthorizer({ agent: 'support-bot', policy: () => ({ type: 'allow' }) });

  async function prepare(raw: string) {
    const result = await authorizer.prepare(tool, raw, { toolCallId: 'c1' });
    if (!result.ok) throw new Error('prepare failed');
    return result.call;
  }

  const names = ['--agent', 'support-bot', '--tool', 'refund'];

  it('hashing argsCanonicalJson reproduces proposalHash', async () => {
    const call = await prepare('{ "amount": 1250, "to": "acct_42" }');
    const canonical = await runBin(['canonicalize'], call.argsCanonicalJson);
    expect(canonical.stdout).toBe(`${call.argsCanonicalJson}\n`);
    const r = await runBin(['hash', ...names], call.argsCanonicalJson);
    expect(r).toEqual({ status: 0, stdout: `${call.proposalHash}\n`, stderr: '' });
  });

  it('the raw arguments hash differently when the schema adds a default (README caveat)', async () => {
    const raw = '{"amount":1250,"to":"acct_42"}';
    const call = await prepare(raw);
    const r = await runBin(['hash', ...names], raw);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toBe(`${call.proposalHash}\n`);
    const complete = await runBin(
      ['hash', ...names],
      '{"to":"acct_42","currency":"EUR","amount":1250}',
    );
    expect(complete.stdout).toBe(`${call.proposalHash}\n`);
  });
});
