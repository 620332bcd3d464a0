import { createHash } from 'node:crypto';
import { metrics, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit/verify-chain.js';
import { createBatchingSink, SinkDown } from './__fixtures__/batching-sink.js';
import { args, setup } from './__fixtures__/refund.js';

const types = async (log: { records(): Promise<{ type: string }[]> }) =>
  (await log.records()).map((r) => r.type);

describe('audit appends on a pipelining sink', () => {
  it('each record of a call once the one before it is durable, for call and prepare + run', async () => {
    const b = createBatchingSink();
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    expect((await authorizer.call(tool, args(50))).status).toBe('executed');
    const p = await authorizer.prepare(tool, args(60), { toolCallId: 'c2' });
    if (!p.ok) throw p.error;
    await Promise.resolve(); // the adapter does something between prepare and run
    expect((await p.attempt.run()).status).toBe('executed');
    expect(b.batches).toEqual([
      ['proposed'],
      ['decided'],
      ['executed'],
      ['proposed'],
      ['decided'],
      ['executed'],
    ]);
    expect(executed.map((e) => e.amount)).toEqual([50, 60]);
    const records = await b.log.records();
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 6 });
  });

  it('calls in flight at once share batches, with telemetry and a sha256 option too', async () => {
    const b = createBatchingSink();
    const { authorizer, tool } = setup({
      audit: b.sink,
      sha256: (text) => createHash('sha256').update(text).digest('hex'),
      telemetry: { tracer: trace.getTracer('t'), meter: metrics.getMeter('t') },
    });
    const outcomes = await Promise.all([
      authorizer.call(tool, args(50)),
      authorizer.call(tool, args(51)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['executed', 'executed']);
    expect(b.batches[0]).toEqual(['proposed', 'proposed']);
    expect((await types(b.log)).sort()).toEqual([
      'decided',
      'decided',
      'executed',
      'executed',
      'proposed',
      'proposed',
    ]);
    expect(await verifyAuditChain(await b.log.records())).toMatchObject({ ok: true, length: 6 });
  });

  it('rewritten, proposed, decided and shadow records keep their order', async () => {
    const b = createBatchingSink();
    const { authorizer, tool } = setup({
      audit: b.sink,
      mode: 'shadow',
      rewrite: [({ arguments: a }) => ({ ...(a as object), memo: 'redacted' })],
    });
    expect((await authorizer.call(tool, args(5_000_000))).status).toBe('executed');
    expect(await types(b.log)).toEqual(['rewritten', 'proposed', 'decided', 'shadow', 'executed']);
  });

  it('write-ahead: decided waits for proposed, the tool for both', async () => {
    const b = createBatchingSink();
    let open!: () => void;
    b.control.gate = new Promise<void>((r) => {
      open = r;
    });
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    const outcome = authorizer.call(tool, args(50));
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    expect(b.batches).toEqual([['proposed']]);
    expect(executed).toEqual([]);
    open();
    expect((await outcome).status).toBe('executed');
    expect(executed).toHaveLength(1);
    expect(b.batches).toEqual([['proposed'], ['decided'], ['executed']]);
  });

  describe('a sink that splits its batches and fails one: no record without the ones before it', () => {
    it('a failed proposed: decided is never written, the calls reject, nothing executes', async () => {
      const b = createBatchingSink('batched', 1);
      b.control.fail.add('proposed');
      const { authorizer, tool, executed } = setup({ audit: b.sink });
      const errors = await Promise.all(
        [50, 51].map((n) => authorizer.call(tool, args(n)).catch((e: unknown) => e)),
      );
      for (const error of errors) {
        expect(error).toBeInstanceOf(SinkDown);
        expect((error as SinkDown).code).toBe('store_unavailable');
      }
      expect(b.batches).toEqual([['proposed'], ['proposed']]);
      expect(await types(b.log)).toEqual([]);
      expect(executed).toEqual([]);
    });

    it('a failed rewritten: proposed is never written; a failed decided: no shadow record', async () => {
      const rewrite = [
        ({ arguments: a }: { arguments: unknown }) => ({ ...(a as object), memo: 'r' }),
      ];
      const first = createBatchingSink('batched', 1);
      first.control.fail.add('rewritten');
      const one = setup({ audit: first.sink, rewrite });
      await expect(one.authorizer.call(one.tool, args(50))).rejects.toBeInstanceOf(SinkDown);
      expect(first.batches).toEqual([['rewritten']]);
      expect(await types(first.log)).toEqual([]);

      const second = createBatchingSink('batched', 1);
      second.control.fail.add('decided');
      const two = setup({ audit: second.sink, mode: 'shadow' });
      await expect(two.authorizer.call(two.tool, args(50))).rejects.toBeInstanceOf(SinkDown);
      expect(await types(second.log)).toEqual(['proposed']);
      expect([...one.executed, ...two.executed]).toEqual([]);
    });
  });

  it('a lost batch of proposed + decided rejects with the sink error; nothing executes', async () => {
    const b = createBatchingSink();
    b.control.fail.add('proposed');
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    const error = await authorizer.call(tool, args(50)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SinkDown);
    expect((error as SinkDown).code).toBe('store_unavailable');
    expect(executed).toEqual([]);
    expect(await types(b.log)).toEqual([]);
  });

  it('a failed proposed on an ordered sink: decided is never appended, nothing executes', async () => {
    const b = createBatchingSink('ordered');
    b.control.fail.add('proposed');
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    const p = await authorizer.prepare(tool, args(50));
    if (!p.ok) throw p.error;
    await new Promise((r) => setTimeout(r, 0)); // the proposed batch has failed by now
    await expect(p.attempt.run()).rejects.toBeInstanceOf(SinkDown);
    expect(b.batches).toEqual([['proposed']]);
    expect(executed).toEqual([]);
  });

  it('a failed decided rejects check and authorize alike; nothing executes', async () => {
    const b = createBatchingSink('ordered');
    b.control.fail.add('decided');
    const { authorizer, tool, executed } = setup({ audit: b.sink });
    const p = await authorizer.prepare(tool, args(50));
    if (!p.ok) throw p.error;
    await expect(p.attempt.check()).rejects.toBeInstanceOf(SinkDown);
    await expect(p.attempt.run()).rejects.toBeInstanceOf(SinkDown);
    expect(executed).toEqual([]);
    expect(await types(b.log)).toEqual(['proposed']);
  });

  it('a prepared call nobody authorizes is still recorded as proposed', async () => {
    const b = createBatchingSink();
    const { authorizer, tool } = setup({ audit: b.sink });
    const p = await authorizer.prepare(tool, args(50));
    expect(p.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(await types(b.log)).toEqual(['proposed']);
  });

  it('a sink without pipelining (closed default) never sees two appends of a call at once', async () => {
    for (const pipelining of ['none', 'yes']) {
      const b = createBatchingSink(pipelining);
      const { authorizer, tool } = setup({
        audit: b.sink,
        rewrite: [({ arguments: a }) => ({ ...(a as object), memo: 'm' })],
      });
      expect((await authorizer.call(tool, args(50))).status).toBe('executed');
      expect(b.maxInFlight()).toBe(1);
      expect(b.batches).toEqual([['rewritten'], ['proposed'], ['decided'], ['executed']]);
    }
  });

  it('a sink without pipelining: a failed proposed rejects prepare as before, policy never runs', async () => {
    const b = createBatchingSink('none');
    b.control.fail.add('proposed');
    let policyRuns = 0;
    const { authorizer, tool, executed } = setup({
      audit: b.sink,
      policy: () => {
        policyRuns++;
        return { type: 'allow' };
      },
    });
    await expect(authorizer.call(tool, args(50))).rejects.toBeInstanceOf(SinkDown);
    expect(policyRuns).toBe(0);
    expect(executed).toEqual([]);
  });
});
