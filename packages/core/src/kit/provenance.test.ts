import { describe, expect, it } from 'vitest';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import { decodedOnly, rawText } from './inputs.js';
import { createProvenanceRegistry } from './provenance-registry.js';

const value = { orderId: 'ord_1', amount: 5, currency: 'EUR' };
const canonical = '{"amount":5,"currency":"EUR","orderId":"ord_1"}';

describe('raw-text provenance', () => {
  for (const [label, input] of [
    ['a bare object', value],
    ['decodedOnly()', decodedOnly(value)],
    ['an object shaped like raw input but without provenance', { raw: args(5) }],
  ] as const) {
    it(`${label} is refused with raw_text_unavailable: no policy, nothing stored or executed`, async () => {
      let policies = 0;
      const ctx = setup({
        policy: () => {
          policies++;
          return { type: 'allow' };
        },
      });
      const p = await ctx.authorizer.prepare(ctx.tool, input, { toolCallId: 'c1' });
      expect(p.ok).toBe(false);
      if (p.ok) return;
      expect(p.refusal).toMatchObject({
        code: 'raw_text_unavailable',
        stage: 'decode',
        tool: 'refund',
        toolCallId: 'c1',
      });
      expect(p.error.code).toBe('raw_text_unavailable');
      expect(policies).toBe(0);
      expect(ctx.executed).toEqual([]);
      expect(await ctx.approvals.listProposals()).toEqual([]);
      const records = await ctx.audit.records();
      expect(records.map((r) => r.type)).toEqual(['invalid']);
      expect(JSON.stringify(records)).not.toContain('ord_1');
    });
  }

  it('authorizer.call with a decoded object is invalid (raw_text_unavailable)', async () => {
    const ctx = setup();
    const outcome = await ctx.authorizer.call(ctx.tool, value);
    expect(outcome).toMatchObject({ status: 'invalid', error: { code: 'raw_text_unavailable' } });
    expect(ctx.executed).toEqual([]);
  });

  it('allowDecodedOnly is the explicit opt-out: accepted and marked decoded_only in the audit', async () => {
    const ctx = setup();
    const p = await ctx.authorizer.prepare(ctx.tool, decodedOnly(value), {
      allowDecodedOnly: true,
    });
    if (!p.ok) throw new Error('expected ok');
    expect(p.attempt.provenance).toBe('decoded_only');
    expect(p.attempt.argsCanonicalJson).toBe(canonical);
    const proposed = (await ctx.audit.records()).find((r) => r.type === 'proposed');
    expect(proposed?.data).toEqual({ provenance: 'decoded_only' });
  });

  it('raw text wrappers keep their provenance; a duplicate key is still refused', async () => {
    const ctx = setup();
    const p = await ctx.authorizer.prepare(ctx.tool, rawText(args(5), 'checked_transport'));
    if (!p.ok) throw new Error('expected ok');
    expect(p.attempt.provenance).toBe('checked_transport');
    const dup = await ctx.authorizer.prepare(
      ctx.tool,
      rawText('{"orderId":"ord_1","amount":999999,"amount":5,"currency":"EUR"}'),
    );
    expect(dup.ok ? undefined : dup.refusal).toMatchObject({
      code: 'duplicate_key',
      path: '/amount',
    });
    expect(ctx.executed).toEqual([]);
  });

  it('a decoded object whose text the fetch guard checked is accepted as checked_transport', async () => {
    const registry = createProvenanceRegistry();
    const ctx = setup({ provenance: registry });
    registry.markChecked({ toolCallId: 'c1', canonicalJson: canonical });
    const ok = await ctx.authorizer.prepare(ctx.tool, value, { toolCallId: 'c1' });
    expect(ok.ok && ok.attempt.provenance).toBe('checked_transport');
    // same text under another call id: not checked
    const other = await ctx.authorizer.prepare(ctx.tool, value, { toolCallId: 'c2' });
    expect(other.ok ? undefined : other.refusal.code).toBe('raw_text_unavailable');
    // other arguments under the checked id: not checked
    const changed = await ctx.authorizer.prepare(
      ctx.tool,
      { ...value, amount: 6 },
      { toolCallId: 'c1' },
    );
    expect(changed.ok ? undefined : changed.refusal.code).toBe('raw_text_unavailable');
  });

  it('a text checked without a call id matches any id', async () => {
    const registry = createProvenanceRegistry();
    registry.markChecked({ canonicalJson: canonical });
    expect(registry.isChecked({ toolCallId: 'any', canonicalJson: canonical })).toBe(true);
  });

  it('the registry is bounded by entries and characters', () => {
    const registry = createProvenanceRegistry({ max: 2, maxChars: 1000 });
    for (const n of [1, 2, 3])
      registry.markChecked({ toolCallId: 'c', canonicalJson: `{"n":${n}}` });
    expect(registry.size).toBe(2);
    expect(registry.isChecked({ toolCallId: 'c', canonicalJson: '{"n":1}' })).toBe(false);
    expect(registry.isChecked({ toolCallId: 'c', canonicalJson: '{"n":3}' })).toBe(true);
    registry.markChecked({ canonicalJson: 'x'.repeat(2000) });
    expect(registry.size).toBe(2);
    const small = createProvenanceRegistry({ max: 100, maxChars: 40 });
    for (const n of [1, 2, 3, 4]) small.markChecked({ canonicalJson: `{"value":${n}0000}` });
    expect(small.size).toBeLessThan(4);
  });
});
