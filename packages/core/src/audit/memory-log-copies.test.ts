import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from './memory-log.js';
import type { AuditEvent } from './types.js';
import { verifyAuditChain } from './verify-chain.js';

const nodeSha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const event = (): AuditEvent => ({
  type: 'decided',
  agent: 'a',
  toolCallId: 'c1',
  trace: [{ rule: 'r', decision: 'allow' }],
  error: { code: 'x' },
  data: { nested: { list: [1, 'two'] } },
});

describe('memory audit log: stored records share no object', () => {
  it('with the event, the returned record, or what records() returns', async () => {
    const log = createMemoryAuditLog();
    const e = event();
    const returned = await log.append(e);
    const want = structuredClone(returned);
    (e.data as { nested: { list: unknown[] } }).nested.list.push('event');
    (e.trace as unknown[]).push('event');
    (returned.data as { nested: { list: unknown[] } }).nested.list.push('returned');
    (returned.error as { code: string }).code = 'returned';
    returned.toolCallId = 'returned';
    const [read] = await log.records();
    (read!.trace as unknown[]).push('read');
    expect(log.raw).toEqual([want]);
    expect(await log.records()).toEqual([want]);
    // and tampering with `raw` changes neither what was returned nor the head
    (log.raw[0]!.data as { nested: { list: unknown[] } }).nested.list.length = 0;
    expect((returned.data as { nested: { list: unknown[] } }).nested.list).toHaveLength(3);
    expect(await verifyAuditChain(await log.records())).toMatchObject({ ok: false });
  });

  it('a record without nested values: a copy too', async () => {
    const log = createMemoryAuditLog();
    const returned = await log.append({ type: 'executed', agent: 'a', toolCallId: 'c1' });
    returned.toolCallId = 'changed';
    expect(log.raw[0]!.toolCallId).toBe('c1');
  });

  it('keeps a `__proto__` event key as data in the stored and the returned record', async () => {
    const log = createMemoryAuditLog();
    const e = JSON.parse('{"type":"proposed","__proto__":{"x":1}}') as AuditEvent;
    const returned = await log.append(e);
    for (const r of [returned, log.raw[0]!]) {
      expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
      expect(Object.keys(r)).toContain('__proto__');
    }
    expect(await verifyAuditChain(await log.records())).toMatchObject({ ok: true, length: 1 });
  });

  it('an asynchronous digest: the event changed while hashing does not change the record', async () => {
    const log = createMemoryAuditLog({
      sha256: async (t) => {
        await new Promise((r) => setTimeout(r, 0));
        return nodeSha256(t);
      },
    });
    const e = event();
    const pending = log.append(e);
    (e.data as { nested: { list: unknown[] } }).nested.list.push('late');
    await pending;
    expect(log.raw[0]!.data).toEqual({ nested: { list: [1, 'two'] } });
    expect(await verifyAuditChain(await log.records())).toMatchObject({ ok: true, length: 1 });
  });
});
