import { describe, expect, it } from 'vitest';
import { ArgsealConfigError } from '../errors.js';
import { args, setup } from './__fixtures__/refund.js';

const SECRET = 'sk_live_do_not_log';

describe('onPolicyError: what a policy threw reaches the developer, never audit or outcomes', () => {
  for (const kind of ['throws', 'rejects'] as const) {
    it(`a policy that ${kind}: denied policy_error, the error only in the hook`, async () => {
      const seen: { error: unknown; call: unknown }[] = [];
      const ctx = setup({
        policy:
          kind === 'throws'
            ? () => {
                throw new Error(`bad ${SECRET}`);
              }
            : async () => {
                throw new Error(`bad ${SECRET}`);
              },
        onPolicyError: (error, call) => {
          seen.push({ error, call });
        },
      });
      const outcome = await ctx.authorizer.call(ctx.tool, args(5), { toolCallId: 'c1' });
      expect(outcome).toMatchObject({ status: 'denied', reason: 'policy_error' });
      expect(ctx.executed).toEqual([]);
      expect(seen).toHaveLength(1);
      expect((seen[0]!.error as Error).message).toBe(`bad ${SECRET}`);
      expect(seen[0]!.call).toMatchObject({
        agent: 'support-bot',
        tool: 'refund',
        toolCallId: 'c1',
      });
      const records = JSON.stringify(await ctx.audit.records());
      expect(records).toContain('policy_error');
      expect(records).not.toContain(SECRET);
      expect(JSON.stringify(outcome)).not.toContain(SECRET);
      expect(await ctx.approvals.listProposals({ status: 'all' })).toEqual([]);
    });
  }

  it('a hook that throws changes nothing: still policy_error, nothing ran', async () => {
    const ctx = setup({
      policy: () => {
        throw new Error('x');
      },
      onPolicyError: () => {
        throw new Error('hook down');
      },
    });
    const outcome = await ctx.authorizer.call(ctx.tool, args(5));
    expect(outcome).toMatchObject({ status: 'denied', reason: 'policy_error' });
    expect(ctx.executed).toEqual([]);
  });

  it('onPolicyError that is not a function: invalid_policy_error_hook at setup', () => {
    let code: string | undefined;
    try {
      setup({ onPolicyError: 'log' as never });
    } catch (e) {
      code = ArgsealConfigError.isInstance(e) ? e.code : String(e);
    }
    expect(code).toBe('invalid_policy_error_hook');
  });
});
