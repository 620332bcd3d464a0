import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import { verifyAuditChain } from '../audit/verify-chain.js';
import { args, setup } from './__fixtures__/refund.js';

const nodeSha256 = (t: string) => createHash('sha256').update(t).digest('hex');

describe('sha256 option', () => {
  it('an injected synchronous digest yields the same proposal and binding hashes as Web Crypto', async () => {
    const webCrypto = setup({ refund: { informational: true } });
    const injected = setup({ refund: { informational: true }, sha256: nodeSha256 });
    const a = await webCrypto.authorizer.prepare(webCrypto.tool, args(50_000, { memo: 'm' }));
    const b = await injected.authorizer.prepare(injected.tool, args(50_000, { memo: 'm' }));
    if (!a.ok || !b.ok) throw new Error('prepare failed');
    expect(b.call.proposalHash).toBe(a.call.proposalHash);
    expect(b.call.bindingHash).toBe(a.call.bindingHash);
  });

  it('is what the pipeline uses', async () => {
    const seen: string[] = [];
    const ctx = setup({
      sha256: (t) => {
        seen.push(t);
        return nodeSha256(t);
      },
    });
    const outcome = await ctx.authorizer.call(ctx.tool, args(5));
    expect(outcome.status).toBe('executed');
    expect(seen[0]).toBe(
      'argseal/v1/proposal:{"agent":"support-bot","args":{"amount":5,"currency":"EUR","orderId":"ord_1"},"tool":"refund"}',
    );
    // the audit records (proposed, decided, executed) are hashed with it too
    const records = await ctx.audit.records();
    expect(records.map((r) => r.type)).toEqual(['proposed', 'decided', 'executed']);
    expect(seen.slice(1)).toHaveLength(3);
    for (const [i, r] of records.entries()) {
      expect(seen[i + 1]?.startsWith(`argseal/v1/audit:${r.prevHash}:`)).toBe(true);
      expect(nodeSha256(seen[i + 1] as string)).toBe(r.hash);
    }
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 3 });
  });

  it('a memory log given its own sha256 uses it, also for events of another authorizer', async () => {
    const own: string[] = [];
    const pipeline: string[] = [];
    const audit = createMemoryAuditLog({
      sha256: (t) => {
        own.push(t);
        return nodeSha256(t);
      },
    });
    const ctx = setup({
      audit,
      sha256: (t) => {
        pipeline.push(t);
        return nodeSha256(t);
      },
    });
    expect((await ctx.authorizer.call(ctx.tool, args(5))).status).toBe('executed');
    expect(own).toHaveLength(3);
    expect(pipeline).toHaveLength(1); // the proposal hash only
    const verified: string[] = [];
    const check = await verifyAuditChain(await audit.records(), {
      sha256: async (t) => {
        verified.push(t);
        return nodeSha256(t);
      },
    });
    expect(check).toMatchObject({ ok: true, length: 3 });
    expect(verified).toEqual(own);
  });

  it('an asynchronous sha256 keeps the chain linear under concurrent appends', async () => {
    const audit = createMemoryAuditLog({
      sha256: (t) => new Promise((resolve) => setTimeout(() => resolve(nodeSha256(t)), 1)),
    });
    const records = await Promise.all(
      Array.from({ length: 8 }, (_, i) => audit.append({ type: 'proposed', tool: `t${i}` })),
    );
    expect(records.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(records.map((r) => r.tool)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7']);
    expect(await verifyAuditChain(await audit.records())).toMatchObject({ ok: true, length: 8 });
  });

  it('a sha256 that throws rejects the append and leaves the chain untouched', async () => {
    let fail = true;
    const audit = createMemoryAuditLog({
      sha256: (t) => {
        if (fail) throw new Error('digest unavailable');
        return nodeSha256(t);
      },
    });
    await expect(audit.append({ type: 'proposed' })).rejects.toThrow('digest unavailable');
    expect(audit.raw).toHaveLength(0);
    fail = false;
    // prefix durability: the same agent's appends made before the next macrotask reject too
    await expect(audit.append({ type: 'proposed' })).rejects.toThrow('digest unavailable');
    expect(audit.raw).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 0));
    const r = await audit.append({ type: 'proposed' });
    expect(r.seq).toBe(0);
    expect(await audit.head()).toEqual({ length: 1, hash: r.hash });
  });
});
