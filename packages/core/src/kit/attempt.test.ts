import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';

async function attemptOf(ctx: ReturnType<typeof setup>, raw: string, options = {}) {
  const p = await ctx.authorizer.prepare(ctx.tool, raw, { toolCallId: 'call_1', ...options });
  if (!p.ok) throw new Error(p.refusal.message);
  return p.attempt;
}

describe('Attempt: prepare returns the whole lifecycle of one execution attempt', () => {
  it('check -> authorize -> execute: policy once, tool once on a fresh copy', async () => {
    let policies = 0;
    const ctx = setup({
      policy: () => {
        policies++;
        return { type: 'allow' };
      },
    });
    const attempt = await attemptOf(ctx, args(5));
    expect(attempt.provenance).toBe('provider_text');
    expect((await attempt.check()).type).toBe('allow');
    expect((await attempt.authorize()).type).toBe('allow');
    const outcome = await attempt.execute();
    expect(outcome).toMatchObject({ status: 'executed', result: { refunded: 5 } });
    expect(policies).toBe(1);
    expect(ctx.executed).toHaveLength(1);
  });

  it('execute before authorize is refused with not_authorized; nothing runs', async () => {
    const ctx = setup();
    const attempt = await attemptOf(ctx, args(5));
    await attempt.check();
    await expect(attempt.execute()).rejects.toMatchObject({ code: 'not_authorized' });
    expect(ctx.executed).toEqual([]);
  });

  it('a second execute is refused with attempt_spent; the tool ran once', async () => {
    const ctx = setup();
    const attempt = await attemptOf(ctx, args(5));
    expect((await attempt.run()).status).toBe('executed');
    await expect(attempt.execute()).rejects.toMatchObject({ code: 'attempt_spent' });
    await expect(attempt.run()).rejects.toMatchObject({ code: 'attempt_spent' });
    expect(ctx.executed).toHaveLength(1);
  });

  it('a denied attempt never executes', async () => {
    const ctx = setup();
    const attempt = await attemptOf(ctx, args(5_000_000));
    expect(await attempt.run()).toMatchObject({ status: 'denied', reason: 'amount_above_ceiling' });
    await expect(attempt.execute()).rejects.toMatchObject({ code: 'not_authorized' });
    expect(ctx.executed).toEqual([]);
  });

  it('check peeks without consuming; authorize consumes the grant once, even when called twice', async () => {
    const ctx = setup();
    const first = await attemptOf(ctx, args(50_000));
    const suspended = await first.run();
    if (suspended.status !== 'suspended') throw new Error('expected suspension');
    await ctx.approvals.decide(first.proposalHash, {
      decision: 'approve',
      approver: 'ann',
      uses: 2,
    });
    const attempt = await attemptOf(ctx, args(50_000));
    expect((await attempt.check()).type).toBe('approved');
    await attempt.authorize();
    await attempt.authorize();
    const peek = await ctx.approvals.peek(attempt.bindingHash);
    expect(peek).toMatchObject({ live: true, grant: { usesLeft: 1 } });
    expect((await attempt.execute()).status).toBe('executed');
    expect(await attempt.check()).toMatchObject({ type: 'approved' });
  });

  it('CallOptions.host and execute options reach the tool execution context', async () => {
    const ctx = setup();
    const seen: unknown[] = [];
    const { defineTool } = await import('../tool/define-tool.js');
    const tool = defineTool({
      name: 'probe',
      schema: (await import('zod')).z.object({}),
      execute: (_input, c) => {
        seen.push(c.host);
        return null;
      },
    });
    const host = { framework: 'x' };
    const p = await ctx.authorizer.prepare(tool, '{}', { host });
    if (!p.ok) throw new Error('prepare');
    await p.attempt.run();
    const q = await ctx.authorizer.prepare(tool, '{}', { host });
    if (!q.ok) throw new Error('prepare');
    const later = { framework: 'y' };
    await q.attempt.run({ host: later });
    expect(seen).toEqual([host, later]);
  });

  it('the attempt is frozen and runs', async () => {
    const ctx = setup();
    const attempt = await attemptOf(ctx, args(5));
    expect(Object.isFrozen(attempt)).toBe(true);
    expect((await attempt.run()).status).toBe('executed');
  });
});
