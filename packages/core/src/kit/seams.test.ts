import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import type { Attempt } from '../authorizer/types.js';
import { approvePending } from './decisions/approve-pending.js';
import { createHandoverLedger, type HandoverLedger } from './handover-ledger.js';
import { attemptFromHandover, prepareForHistory } from './seams.js';

const takeFrom =
  (ledger: HandoverLedger<Attempt>) =>
  (c: { tool: { name: string }; toolCallId: string; args: unknown }, scope: unknown) =>
    ledger.take({ tool: c.tool.name, toolCallId: c.toolCallId, args: c.args }, scope as string);

describe('seam helpers', () => {
  it('prepareForHistory: history text is historyArguments; the attempt is handed over', async () => {
    const ctx = setup();
    const ledger = createHandoverLedger<Attempt>();
    const raw = '{ "orderId": "ord_1", "currency": "EUR", "amount": 5 }';
    const out = await prepareForHistory(ctx.authorizer, ledger, ctx.tool, raw, {
      toolCallId: 'c1',
    });
    expect(out.text).toBe('{"amount":5,"currency":"EUR","orderId":"ord_1"}');
    const call = {
      tool: ctx.tool,
      toolCallId: 'c1',
      args: JSON.parse(out.text),
      scopes: [undefined],
    };
    const taken = await attemptFromHandover(ctx.authorizer, takeFrom(ledger), call, {});
    expect(taken.ok && taken.attempt).toBe(out.attempt);
    expect(ctx.counter.parses).toBe(1);
  });

  it('prepareForHistory: a refused call gets payload-free, non-JSON text; nothing is handed over', async () => {
    const ctx = setup();
    const ledger = createHandoverLedger<Attempt>();
    const raw = '{"orderId":"SECRET","amount":1,"amount":2,"currency":"EUR"}';
    const out = await prepareForHistory(ctx.authorizer, ledger, ctx.tool, raw, {
      toolCallId: 'c1',
    });
    expect(out.refusal?.code).toBe('duplicate_key');
    expect(() => JSON.parse(out.text)).toThrow();
    expect(out.text).not.toContain('SECRET');
    expect(ledger.size).toBe(0);
  });

  it('attemptFromHandover: without a handed-over attempt a decoded value is refused raw_text_unavailable', async () => {
    const ctx = setup();
    const ledger = createHandoverLedger<Attempt>();
    const call = { tool: ctx.tool, toolCallId: 'c1', args: JSON.parse(args(5)), scopes: ['s'] };
    const r = await attemptFromHandover(ctx.authorizer, takeFrom(ledger), call, {});
    expect(r.ok ? undefined : r.refusal.code).toBe('raw_text_unavailable');
    const opted = await attemptFromHandover(ctx.authorizer, takeFrom(ledger), call, {
      allowDecodedOnly: true,
    });
    expect(opted.ok && opted.attempt.provenance).toBe('decoded_only');
    expect(ctx.executed).toEqual([]);
  });

  it('attemptFromHandover: options given as a function are only asked for a fresh preparation', async () => {
    const ctx = setup();
    const ledger = createHandoverLedger<Attempt>();
    const out = await prepareForHistory(ctx.authorizer, ledger, ctx.tool, args(5), {
      toolCallId: 'c1',
    });
    let asked = 0;
    const fresh = () => {
      asked++;
      return { allowDecodedOnly: true, context: { tenant: 't' } };
    };
    const call = {
      tool: ctx.tool,
      toolCallId: 'c1',
      args: JSON.parse(out.text),
      scopes: [undefined],
    };
    const handed = await attemptFromHandover(ctx.authorizer, takeFrom(ledger), call, fresh);
    expect(handed.ok && handed.attempt).toBe(out.attempt);
    expect(asked).toBe(0);
    const again = await attemptFromHandover(ctx.authorizer, takeFrom(ledger), call, async () =>
      fresh(),
    );
    expect(asked).toBe(1);
    expect(again.ok && again.attempt.provenance).toBe('decoded_only');
    expect(again.ok && again.attempt === out.attempt).toBe(false);
    expect(ctx.executed).toEqual([]);
  });

  it('approvePending grants only the pending proposal of this call and hash, once', async () => {
    const ctx = setup();
    const first = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c1' });
    if (!first.ok) throw new Error('prepare');
    await first.attempt.run();
    const other = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c2' });
    if (!other.ok) throw new Error('prepare');
    expect(await approvePending(ctx.approvals, other.attempt, { approver: 'client' })).toBe(false);
    expect(await approvePending(undefined, first.attempt, { approver: 'client' })).toBe(false);
    expect(await approvePending(ctx.approvals, first.attempt, { approver: 'client' })).toBe(true);
    expect(await approvePending(ctx.approvals, first.attempt, { approver: 'client' })).toBe(false);
    // the suspended attempt stays settled; the resume is a new attempt
    await expect(first.attempt.execute()).rejects.toMatchObject({ code: 'not_authorized' });
    const resumed = await ctx.authorizer.prepare(ctx.tool, args(50_000), { toolCallId: 'c1' });
    expect(resumed.ok && (await resumed.attempt.run()).status).toBe('executed');
  });
});
