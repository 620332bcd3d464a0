import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';

describe('Attempt.withContext: the same prepared call, decided in another context', () => {
  it('policy sees the new context; schema is not run again; the original keeps its own', async () => {
    const seen: unknown[] = [];
    const ctx = setup({
      policy: ({ context }) => {
        seen.push(context);
        return { type: 'allow' };
      },
    });
    const p = await ctx.authorizer.prepare(ctx.tool, args(5), {
      toolCallId: 'call_1',
      context: { who: 'model-seam' },
    });
    if (!p.ok) throw new Error(p.refusal.message);
    const bound = p.attempt.withContext({ who: 'run' });
    expect(bound.proposalHash).toBe(p.attempt.proposalHash);
    expect(bound.historyArguments).toBe(p.attempt.historyArguments);
    expect((await bound.run()).status).toBe('executed');
    expect(seen).toEqual([{ who: 'run' }]);
    expect(ctx.executed).toHaveLength(1);
    await expect(p.attempt.execute()).rejects.toMatchObject({ code: 'not_authorized' });
    expect(ctx.executed).toHaveLength(1);
  });
});
