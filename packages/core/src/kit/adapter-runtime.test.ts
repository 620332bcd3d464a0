import { describe, expect, it } from 'vitest';
import { args, makeRefund, setup } from '../authorizer/__fixtures__/refund.js';
import { type AdapterRuntimeOptions, createAdapterRuntime } from './adapter-runtime.js';
import { approveProposal, editProposal } from './decisions/decision-builders.js';
import { declareRawTextModel } from './raw-text-paths.js';

type Ctx = ReturnType<typeof setup>;

function runtimeOf(
  ctx: Ctx,
  extra: Partial<AdapterRuntimeOptions<unknown, unknown, 'generate' | 'stream'>> = {},
  options: Record<string, unknown> = {},
) {
  const rt = createAdapterRuntime<unknown, unknown, 'generate' | 'stream'>({
    adapter: '@argseal/test-adapter',
    options: { authorizer: ctx.authorizer, ...options },
    ownKeys: ['own'],
    ...extra,
  });
  expect(rt.register(ctx.tool)).toBe(true);
  return rt;
}

describe('createAdapterRuntime: options', () => {
  it('refuses bad options at setup, naming the adapter (invalid_adapter_options, unknown_option)', async () => {
    const ctx = setup();
    const make = (options: unknown) => () =>
      createAdapterRuntime({
        adapter: '@argseal/test-adapter',
        options: options as never,
        ownKeys: ['own'],
      });
    expect(make({})).toThrow(expect.objectContaining({ code: 'invalid_adapter_options' }));
    expect(make({ authorizer: ctx.authorizer, maxCachedCalls: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid_adapter_options' }),
    );
    expect(make({ authorizer: ctx.authorizer, allowDecodedOnly: 'yes' })).toThrow(
      expect.objectContaining({ code: 'invalid_adapter_options' }),
    );
    expect(make({ authorizer: ctx.authorizer, allowDecodedOnyl: true })).toThrow(
      expect.objectContaining({ code: 'unknown_option' }),
    );
    expect(make({ authorizer: ctx.authorizer, own: 1 })).not.toThrow();
    expect(await ctx.audit.records()).toEqual([]);
  });

  it('resolves the context: a value, a function of the run, else the default', async () => {
    const ctx = setup();
    const fallback = (run: unknown) => ({ from: 'default', run });
    const none = runtimeOf(ctx, { defaultContext: fallback });
    expect(await none.context('r1')).toEqual({ from: 'default', run: 'r1' });
    const fixed = runtimeOf(ctx, { defaultContext: fallback }, { context: { tenant: 't' } });
    expect(await fixed.context('r1')).toEqual({ tenant: 't' });
    const fn = runtimeOf(ctx, {}, { context: async (run: unknown) => ({ run }) });
    expect(await fn.context('r2')).toEqual({ run: 'r2' });
  });

  it('callOptions carries allowDecodedOnly only when the options set it', () => {
    const ctx = setup();
    expect(runtimeOf(ctx).callOptions('c1', undefined)).toEqual({ toolCallId: 'c1' });
    expect(
      runtimeOf(ctx, {}, { allowDecodedOnly: true }).callOptions(
        'c1',
        { t: 1 },
        { resumeOf: true },
      ),
    ).toEqual({ toolCallId: 'c1', context: { t: 1 }, allowDecodedOnly: true, resumeOf: true });
  });

  it('register: one tool per name', () => {
    const ctx = setup();
    const rt = runtimeOf(ctx);
    expect(rt.register(ctx.tool)).toBe(true);
    expect(rt.register(makeRefund().tool)).toBe(false);
    expect(rt.tools.get('refund')).toBe(ctx.tool);
  });
});

describe('createAdapterRuntime: raw-text table', () => {
  it('asks the table once per model object and mode; a declared model counts without asking', () => {
    const ctx = setup();
    const asked: string[] = [];
    const rt = runtimeOf(ctx, {
      rawTextPath: (model, mode) => {
        asked.push(mode);
        return (model as { provider?: string }).provider === 'known' && mode === 'stream';
      },
    });
    const known = { provider: 'known' };
    expect([rt.isRawText(known, 'stream'), rt.isRawText(known, 'stream')]).toEqual([true, true]);
    expect(rt.isRawText(known, 'generate')).toBe(false);
    expect(rt.isRawText({ provider: 'other' }, 'stream')).toBe(false);
    expect(asked).toEqual(['stream', 'generate', 'stream']);
    expect(rt.isRawText(declareRawTextModel({ provider: 'mine' }), 'generate')).toBe(true);
    expect(rt.isRawText(undefined, 'stream')).toBe(false);
    expect(asked).toHaveLength(3);
    expect(runtimeOf(ctx).isRawText({ provider: 'known' }, 'stream')).toBe(false);
  });

  it('argumentInput: an unproven text is decoded-only and refused raw_text_unavailable; nothing runs', async () => {
    const ctx = setup();
    const rt = runtimeOf(ctx, { rawTextPath: () => false });
    const dup = '{"orderId":"o","amount":1,"amount":2,"currency":"EUR"}';
    const unproven = await ctx.authorizer.prepare(
      ctx.tool,
      rt.argumentInput(dup, rt.isRawText({}, 'generate')),
      {
        toolCallId: 'c1',
      },
    );
    expect(unproven.ok ? undefined : unproven.refusal.code).toBe('raw_text_unavailable');
    const proven = rt.argumentInput(dup, rt.isRawText(declareRawTextModel({}), 'generate'));
    const strict = await ctx.authorizer.prepare(ctx.tool, proven, { toolCallId: 'c1' });
    expect(strict.ok ? undefined : strict.refusal.code).toBe('duplicate_key');
    expect(rt.argumentInput(undefined, true, { a: 1 })).toEqual({
      decoded: { a: 1 },
      provenance: 'decoded_only',
    });
    expect(ctx.executed).toEqual([]);
    expect(rt.waiting).toBe(0);
  });
});

describe('createAdapterRuntime: the one lookup', () => {
  it('finds a handed-over call by its history text, its decoded value or a value it handed out; once', async () => {
    const ctx = setup();
    const rt = runtimeOf(ctx);
    const scope = {};
    const forms = async (toolCallId: string) => {
      const h = await rt.prepareForHistory(ctx.tool, args(5), { toolCallId }, scope);
      if (h.attempt === undefined) throw new Error('refused');
      return h;
    };
    const a = await forms('c1');
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c1', args: a.text })).toBeUndefined(); // other scope
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c1', args: a.text }, scope)).toBe(a.attempt);
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c1', args: a.text }, scope)).toBeUndefined();
    const b = await forms('c2');
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c2', args: JSON.parse(b.text) }, scope)).toBe(
      b.attempt,
    );
    const c = await forms('c3');
    const handedOut = rt.decode(c.text);
    expect(Object.isFrozen(handedOut)).toBe(true);
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c3', args: handedOut }, scope)).toBe(c.attempt);
    const d = await forms('c4');
    const adopted = rt.adopt(JSON.parse(d.text));
    expect(adopted).toBe(d.attempt?.snapshot);
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c4', args: adopted }, scope)).toBe(d.attempt);
    expect(rt.waiting).toBe(0);
    expect(ctx.counter.parses).toBe(4);
  });

  it('changed arguments, another call id or another tool object of the same name find nothing', async () => {
    const ctx = setup();
    const rt = runtimeOf(ctx);
    const h = await rt.prepareForHistory(ctx.tool, args(5), { toolCallId: 'c1' });
    const other = makeRefund().tool;
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c1', args: args(6) })).toBeUndefined();
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c2', args: h.text })).toBeUndefined();
    expect(rt.take({ tool: ctx.tool, toolCallId: 'c1', args: ` ${h.text}` })).toBeUndefined();
    expect(rt.waiting).toBe(1);
    expect(rt.take({ tool: other, toolCallId: 'c1', args: h.text })).toBeUndefined();
  });

  it('attemptFor: scopes in order, fresh options asked only when nothing was handed over', async () => {
    const ctx = setup();
    const rt = runtimeOf(ctx);
    const h = await rt.prepareForHistory(ctx.tool, args(5), { toolCallId: 'c1' }, 'thread');
    let asked = 0;
    const fresh = () => {
      asked++;
      return rt.callOptions('c1', undefined);
    };
    const call = { tool: ctx.tool, toolCallId: 'c1', args: JSON.parse(h.text) };
    const found = await rt.attemptFor({ ...call, scopes: [undefined, 'thread'] }, fresh);
    expect(found.ok && found.attempt).toBe(h.attempt);
    expect(asked).toBe(0);
    const again = await rt.attemptFor({ ...call, scopes: ['thread'] }, fresh);
    expect(asked).toBe(1);
    expect(again.ok ? undefined : again.refusal.code).toBe('raw_text_unavailable');
    expect(ctx.executed).toEqual([]);
  });

  it('maxCachedCalls bounds the hand-over ledger (oldest dropped)', async () => {
    const ctx = setup();
    const rt = runtimeOf(ctx, {}, { maxCachedCalls: 2 });
    for (const id of ['c1', 'c2', 'c3'])
      await rt.prepareForHistory(ctx.tool, args(5), { toolCallId: id });
    expect(rt.waiting).toBe(2);
    expect(
      rt.take({ tool: ctx.tool, toolCallId: 'c1', args: JSON.parse(args(5)) }),
    ).toBeUndefined();
  });
});

describe('createAdapterRuntime: decisions bound to the authorizer and the sealed tools', () => {
  it('approval request, validation (edits only to sealed tools) and apply', async () => {
    const ctx = setup();
    const rt = runtimeOf(ctx);
    const p = await ctx.authorizer.prepare(ctx.tool, args(20_000), { toolCallId: 'c1' });
    if (!p.ok) throw new Error('prepare');
    const checked = await p.attempt.check();
    if (checked.type !== 'suspended') throw new Error('expected suspended');
    const pending = [{ toolCallId: 'c1', attempt: p.attempt, proposal: checked.proposal }];
    const request = rt.approvalRequest(pending);
    expect(request.agent).toBe('support-bot');
    const [view] = request.proposals;
    if (view === undefined) throw new Error('no proposal');
    const unsealed = await rt.validateDecisions(
      { approver: 'alice', decisions: [editProposal(view, { name: 'refund_manual', args: {} })] },
      { pending },
    );
    expect(unsealed.ok ? [] : unsealed.refusals.map((r) => r.code)).toEqual(['edit_unknown_tool']);
    expect(ctx.executed).toEqual([]);
    const verdict = await rt.validateDecisions(
      { approver: 'alice', decisions: [approveProposal(view)] },
      { pending },
    );
    if (!verdict.ok) throw new Error('refused');
    const outcome = (await rt.applyDecisions(verdict.decisions)).get('c1');
    if (outcome?.kind !== 'approved') throw new Error(`expected approved, got ${outcome?.kind}`);
    expect((await outcome.attempt.run()).status).toBe('executed');
    expect(ctx.executed).toHaveLength(1);
    expect(await rt.pendingProposalOf(p.attempt)).toBeUndefined();
  });
});
