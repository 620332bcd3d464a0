import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import type { AuditSink } from '../audit/types.js';
import { verifyAuditChain } from '../audit/verify-chain.js';
import { createBatchingSink, SinkDown } from './__fixtures__/batching-sink.js';
import { args, setup } from './__fixtures__/refund.js';

const types = async (log: { records(): Promise<{ type: string }[]> }) =>
  (await log.records()).map((r) => r.type);
const nodeSha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

describe("a sink that declares durability: 'prefix'", () => {
  it('gets proposed and decided in one batch, for call and for prepare + run', async () => {
    const b = createBatchingSink('batched', Infinity, 'prefix');
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    expect((await authorizer.call(tool, args(50))).status).toBe('executed');
    const p = await authorizer.prepare(tool, args(60));
    if (!p.ok) throw p.error;
    await Promise.resolve(); // the adapter does something between prepare and run
    expect((await p.attempt.run()).status).toBe('executed');
    expect(b.batches).toEqual([
      ['proposed', 'decided'],
      ['executed'],
      ['proposed', 'decided'],
      ['executed'],
    ]);
    expect(executed.map((e) => e.amount)).toEqual([50, 60]);
    expect(await verifyAuditChain(await b.log.records())).toMatchObject({ ok: true, length: 6 });
  });

  it('write-ahead: the tool runs only once proposed and decided are durable', async () => {
    const b = createBatchingSink('batched', Infinity, 'prefix');
    let open!: () => void;
    b.control.gate = new Promise<void>((r) => {
      open = r;
    });
    const { authorizer, tool, executed } = setup({ audit: b.sink, mode: 'shadow' });
    const outcome = authorizer.call(tool, args(50));
    await ticks(20);
    expect(b.batches).toEqual([['proposed', 'decided', 'shadow']]);
    expect(executed).toEqual([]);
    open();
    expect((await outcome).status).toBe('executed');
    expect(await types(b.log)).toEqual(['proposed', 'decided', 'shadow', 'executed']);
  });

  it('split batches, a failed proposed: decided never durable, exact error, nothing executes', async () => {
    const b = createBatchingSink('batched', 1, 'prefix');
    b.control.fail.add('proposed');
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    const error = await authorizer.call(tool, args(50)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SinkDown);
    expect((error as SinkDown).code).toBe('store_unavailable');
    expect((error as SinkDown).message).toBe('batch lost');
    expect(b.batches).toEqual([['proposed']]); // decided was issued, then refused unwritten
    expect(b.refused()).toBe(1);
    expect(await types(b.log)).toEqual([]);
    expect(executed).toEqual([]);
  });

  it('a failed decided (split from proposed) rejects run; nothing executes', async () => {
    const b = createBatchingSink('batched', 1, 'prefix');
    b.control.fail.add('decided');
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    const p = await authorizer.prepare(tool, args(50));
    if (!p.ok) throw p.error;
    await expect(p.attempt.run()).rejects.toBeInstanceOf(SinkDown);
    expect(b.batches).toEqual([['proposed'], ['decided']]);
    expect(await types(b.log)).toEqual(['proposed']);
    expect(executed).toEqual([]);
  });

  it("an 'ordered' prefix sink gets decided before proposed settled; a prepared call is recorded", async () => {
    const b = createBatchingSink('ordered', Infinity, 'prefix');
    let open!: () => void;
    b.control.gate = new Promise<void>((r) => {
      open = r;
    });
    const { authorizer, tool } = setup({ audit: b.sink });
    const outcome = authorizer.call(tool, args(50));
    await ticks(20);
    expect(b.appended).toEqual(['proposed', 'decided']); // decided issued, proposed pending
    expect(await types(b.log)).toEqual([]);
    open();
    expect((await outcome).status).toBe('executed');

    const c = createBatchingSink('batched', Infinity, 'prefix');
    const two = setup({ audit: c.sink });
    expect((await two.authorizer.prepare(two.tool, args(50))).ok).toBe(true);
    await ticks(5);
    expect(await types(c.log)).toEqual(['proposed']);
  });

  it("with the authorizer's sha256 option the declaration is passed on", async () => {
    const b = createBatchingSink('batched', Infinity, 'prefix');
    const { authorizer, tool } = setup({ audit: b.sink, sha256: nodeSha256 });
    expect((await authorizer.call(tool, args(50))).status).toBe('executed');
    expect(b.batches).toEqual([['proposed', 'decided'], ['executed']]);
  });

  it('without pipelining the declaration changes nothing (closed default)', async () => {
    const b = createBatchingSink('none', Infinity, 'prefix');
    const { authorizer, tool } = setup({ audit: b.sink });
    expect((await authorizer.call(tool, args(50))).status).toBe('executed');
    expect(b.maxInFlight()).toBe(1);
    expect(b.batches).toEqual([['proposed'], ['decided'], ['executed']]);
  });

  it('a splitting sink that does not declare it keeps decided behind a durable proposed', async () => {
    const b = createBatchingSink('batched', 1);
    b.control.fail.add('proposed');
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    await expect(authorizer.call(tool, args(50))).rejects.toBeInstanceOf(SinkDown);
    expect(b.batches).toEqual([['proposed']]); // decided never issued
    expect(b.refused()).toBe(0);
    expect(await types(b.log)).toEqual([]);
    expect(executed).toEqual([]);
  });

  it('the memory log: a failed proposed fails the decided issued behind it, nothing executes', async () => {
    const down = new Error('digest unavailable');
    // an asynchronous digest: decided is issued while proposed is still being hashed
    const log = createMemoryAuditLog({
      sha256: async (t) => {
        await ticks(1);
        if (t.includes('"type":"proposed"') && t.includes('"toolCallId":"c1"')) throw down;
        return nodeSha256(t);
      },
    });
    const appended: string[] = [];
    const outcomes: unknown[] = [];
    // the pipeline's view of the log, recording what it appends and how each append settles
    const spy: AuditSink = {
      pipelining: log.pipelining,
      durability: log.durability,
      records: (q) => log.records(q),
      append(event) {
        appended.push(event.type);
        const p = log.append(event);
        p.then(
          () => outcomes.push('stored'),
          (e: unknown) => outcomes.push(e),
        );
        return p;
      },
    };
    const { authorizer, tool, executed } = setup({ audit: spy });
    await expect(authorizer.call(tool, args(50), { toolCallId: 'c1' })).rejects.toBe(down);
    await ticks(1);
    expect(appended).toEqual(['proposed', 'decided']); // decided issued before proposed failed
    expect(outcomes).toEqual([down, down]);
    expect(log.raw).toEqual([]);
    expect(executed).toEqual([]);
    // a later call of the same agent starts fresh
    expect((await authorizer.call(tool, args(60), { toolCallId: 'c2' })).status).toBe('executed');
    expect(await types(log)).toEqual(['proposed', 'decided', 'executed']);
    expect(executed.map((e) => e.amount)).toEqual([60]);
  });
});
