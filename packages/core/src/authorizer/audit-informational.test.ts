import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/verify-chain.js';
import { args, setup } from './__fixtures__/refund.js';

async function populated() {
  const ctx = setup();
  await ctx.authorizer.call(ctx.tool, args(5));
  const s = await ctx.authorizer.call(ctx.tool, args(50_000));
  if (s.status !== 'suspended') throw new Error('expected suspension');
  await ctx.approvals.decide(s.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
  await ctx.authorizer.call(ctx.tool, args(50_000));
  await ctx.authorizer.call(ctx.tool, '{"orderId":"4111111111111111","amount":1,"amount":2}');
  return ctx;
}

describe('13. tamper-evident audit', () => {
  it('the chain verifies', async () => {
    const { audit } = await populated();
    const records = await audit.records();
    expect(records.length).toBeGreaterThan(8);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: records.length });
  });

  it('editing a record is detected at its index', async () => {
    const records = await (await populated()).audit.records();
    const edited = structuredClone(records);
    (edited[3] as { reason?: string }).reason = 'edited';
    expect(await verifyAuditChain(edited)).toEqual({
      ok: false,
      index: 3,
      reason: 'hash_mismatch',
    });
  });

  it('dropping a record is detected at the next index', async () => {
    const records = await (await populated()).audit.records();
    const dropped = records.filter((_, i) => i !== 4);
    expect(await verifyAuditChain(dropped)).toMatchObject({ ok: false, index: 4 });
  });

  it('reordering records is detected at the first moved index', async () => {
    const records = await (await populated()).audit.records();
    const swapped = [...records];
    [swapped[2], swapped[5]] = [swapped[5]!, swapped[2]!];
    expect(await verifyAuditChain(swapped)).toMatchObject({ ok: false, index: 2 });
  });

  it('dropping the first record is detected at index 0', async () => {
    const records = await (await populated()).audit.records();
    expect(await verifyAuditChain(records.slice(1))).toMatchObject({
      ok: false,
      index: 0,
      reason: 'prev_hash_mismatch',
    });
  });

  it('a recomputed but re-chained edit is still caught by the next link', async () => {
    const records = await (await populated()).audit.records();
    const edited = structuredClone(records);
    edited[2]!.hash = 'f'.repeat(64);
    expect(await verifyAuditChain(edited)).toMatchObject({ ok: false, index: 2 });
  });

  it('records never contain the raw payload of a call that failed decoding', async () => {
    const records = await (await populated()).audit.records();
    const invalid = records.find((r) => r.type === 'invalid');
    expect(invalid).toMatchObject({
      error: { stage: 'decode', code: 'duplicate_key', path: '/amount' },
    });
    expect(JSON.stringify(records.filter((r) => r.type === 'invalid'))).not.toContain(
      '4111111111111111',
    );
    expect(invalid?.argsCanonicalJson).toBeUndefined();
  });
});

describe('14. informational fields', () => {
  it('approvals bind to the material fields plus the classification version; the proposal hash covers all', async () => {
    const { authorizer, tool, approvals, executed } = setup({ refund: { informational: true } });
    const first = await authorizer.call(tool, args(50_000, { memo: 'first memo' }));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    expect(first.proposal.bindingHash).not.toBe(first.proposal.proposalHash);
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const resumed = await authorizer.call(tool, args(50_000, { memo: 'a different memo' }));
    expect(resumed.status).toBe('executed');
    if (resumed.status !== 'executed') return;
    expect(resumed.proposalHash).not.toBe(first.proposal.proposalHash);
    expect(executed[0]?.memo).toBe('a different memo');
  });

  it('a material change still needs a new approval', async () => {
    const { authorizer, tool, approvals, executed } = setup({ refund: { informational: true } });
    const first = await authorizer.call(tool, args(50_000, { memo: 'm' }));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const other = await authorizer.call(tool, args(60_000, { memo: 'm' }));
    expect(other.status).toBe('suspended');
    expect(executed).toEqual([]);
  });

  it('by default every field is material', async () => {
    const { authorizer, tool, approvals, executed } = setup();
    const first = await authorizer.call(tool, args(50_000, { memo: 'm' }));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    expect(first.proposal.bindingHash).toBe(first.proposal.proposalHash);
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    expect((await authorizer.call(tool, args(50_000, { memo: 'n' }))).status).toBe('suspended');
    expect(executed).toEqual([]);
  });
});
