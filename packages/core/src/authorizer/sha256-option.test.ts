import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
    expect(seen).toEqual([
      'argseal/v1/proposal:{"agent":"support-bot","args":{"amount":5,"currency":"EUR","orderId":"ord_1"},"tool":"refund"}',
    ]);
  });
});
