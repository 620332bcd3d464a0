import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from './memory-log.js';
import type { AuditEvent } from './types.js';
import { verifyAuditChain } from './verify-chain.js';

const nodeSha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const ev = (agent: string, toolCallId: string, extra: Partial<AuditEvent> = {}): AuditEvent => ({
  type: 'decided',
  agent,
  tool: 'refund',
  toolCallId,
  ...extra,
});
/** A synchronous digest (the Node build's default): each append completes at once. */
const syncLog = () => createMemoryAuditLog({ sha256: nodeSha256 });
const macrotask = () => new Promise((r) => setTimeout(r, 0));
const settle = (ps: Promise<unknown>[]) => Promise.allSettled(ps);
const reasons = (rs: PromiseSettledResult<unknown>[]) =>
  rs.map((r) => (r.status === 'rejected' ? r.reason : 'stored'));

describe("memory audit log: durability 'prefix'", () => {
  it('declares it, with ordered pipelining', () => {
    const log = createMemoryAuditLog();
    expect(log.durability).toBe('prefix');
    expect(log.pipelining).toBe('ordered');
  });

  it.each([
    ['a lone surrogate', { reason: 'bad \ud800' }, 'lone_surrogate', '/reason'],
    ['a bigint', { data: { n: 10n as never } }, 'bigint_value', '/n'],
    ['a function', { data: { f: (() => 1) as never } }, 'function_value', '/f'],
  ])(
    'a failed append (%s) fails the same agent until the next macrotask',
    async (_n, bad, code, path) => {
      const log = syncLog();
      const first = log.append(ev('a', 'a0'));
      const failing = log.append(ev('a', 'a1', bad as Partial<AuditEvent>));
      const behind = [log.append(ev('a', 'a2')), log.append(ev('a', 'a3'))];
      const other = log.append(ev('b', 'b0'));
      const results = await settle([first, failing, ...behind, other]);
      // still the same macrotask: an append of `a` made right after the rejection was seen
      const seen = log.append(ev('a', 'a4'));
      const error = (results[1] as PromiseRejectedResult).reason;
      expect(error).toMatchObject({ code, path });
      // the appends of `a` made before the failure was reported reject with its own error
      expect(reasons(results)).toEqual(['stored', error, error, error, 'stored']);
      expect(log.raw.map((r) => r.toolCallId)).toEqual(['a0', 'b0']);
      await expect(seen).rejects.toBe(error);
      await macrotask();
      expect((await log.append(ev('a', 'a5'))).toolCallId).toBe('a5');
      const records = await log.records();
      expect(records.map((r) => [r.toolCallId, r.seq])).toEqual([
        ['a0', 0],
        ['b0', 1],
        ['a5', 2],
      ]);
      expect(await verifyAuditChain(records, { expectedHead: await log.head() })).toMatchObject({
        ok: true,
        length: 3,
      });
    },
  );

  it('an event without agent fails the appends without agent, not an agent', async () => {
    const log = syncLog();
    const results = await settle([
      log.append({ type: 'approval_granted', note: '\udfff' }),
      log.append({ type: 'approval_granted', note: 'fine' }),
      log.append(ev('a', 'a0')),
      log.append(null as unknown as AuditEvent),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'rejected']);
    const error = (results[0] as PromiseRejectedResult).reason;
    expect(error).toMatchObject({ code: 'lone_surrogate', path: '/note' });
    expect((results[1] as PromiseRejectedResult).reason).toBe(error);
    expect(log.raw.map((r) => r.toolCallId)).toEqual(['a0']);
  });

  it('an asynchronous digest: a rejected digest fails the appends queued behind it', async () => {
    const down = new Error('digest unavailable');
    const log = createMemoryAuditLog({
      sha256: async (t) => {
        await macrotask();
        if (t.includes('"toolCallId":"a1"')) throw down;
        return nodeSha256(t);
      },
    });
    const results = await settle([
      log.append(ev('a', 'a0')),
      log.append(ev('a', 'a1')),
      log.append(ev('b', 'b0')),
      log.append(ev('a', 'a2')), // made long before the failure, written after it
    ]);
    expect(reasons(results)).toEqual(['stored', down, 'stored', down]);
    expect(log.raw.map((r) => r.toolCallId)).toEqual(['a0', 'b0']);
    await macrotask();
    expect((await log.append(ev('a', 'a3'))).seq).toBe(2);
    expect(await verifyAuditChain(await log.records())).toMatchObject({ ok: true, length: 3 });
  });

  it('a digest that throws fails the agent; the chain is untouched', async () => {
    const down = new Error('digest unavailable');
    let fail = true;
    const log = createMemoryAuditLog({
      sha256: (t) => {
        if (fail) throw down;
        return nodeSha256(t);
      },
    });
    const failing = log.append(ev('a', 'a0'));
    fail = false;
    const results = await settle([failing, log.append(ev('a', 'a1')), log.append(ev('b', 'b0'))]);
    expect(reasons(results)).toEqual([down, down, 'stored']);
    expect(await log.head()).toEqual({ length: 1, hash: log.raw[0]!.hash });
  });
});
