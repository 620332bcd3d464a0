import { describe, expect, it } from 'vitest';
import { checkpointEvent, checkpointHeads, isAuditStreamKey } from './checkpoint.js';
import { createMemoryAuditLog, type MemoryAuditLog } from './memory-log.js';
import type { AuditEvent, AuditRecord, AuditRecordsQuery, AuditStreamSink } from './types.js';
import { verifyAuditChain } from './verify-chain.js';
import { verifyAuditStreams } from './verify-streams.js';

/** A streamed sink made of memory logs: the main chain plus one log per stream. */
function streamedSink() {
  const main = createMemoryAuditLog();
  const streams = new Map<string, MemoryAuditLog>();
  const sink: AuditStreamSink & {
    main: MemoryAuditLog;
    logs: Map<string, MemoryAuditLog>;
    add(stream: string, event: AuditEvent): Promise<AuditRecord>;
    checkpoint(): Promise<AuditRecord>;
  } = {
    main,
    logs: streams,
    append: (event) => main.append(event),
    add(stream, event) {
      let log = streams.get(stream);
      if (!log) streams.set(stream, (log = createMemoryAuditLog()));
      return log.append({ ...event, stream } as AuditEvent);
    },
    async checkpoint() {
      return main.append(checkpointEvent(await sink.streams()));
    },
    records(query?: AuditRecordsQuery) {
      if (query?.stream === undefined) return main.records(query);
      return streams.get(query.stream)?.records(query) ?? Promise.resolve([]);
    },
    head: () => main.head(),
    async streams() {
      const out = [];
      for (const [stream, log] of [...streams].sort(([a], [b]) => (a < b ? -1 : 1)))
        out.push({ stream, ...(await log.head()) });
      return out;
    },
  };
  return sink;
}

async function filled() {
  const sink = streamedSink();
  for (let i = 0; i < 4; i++) {
    await sink.add('agent-a', { type: 'executed', toolCallId: `a${i}` });
    await sink.add('agent-b', { type: 'executed', toolCallId: `b${i}` });
  }
  await sink.append({ type: 'decided', toolCallId: 'main-0' });
  await sink.checkpoint();
  await sink.add('agent-a', { type: 'executed', toolCallId: 'a4' });
  return sink;
}

/** Replaces a stream's log by a copy of its first `n` records, head included (an attacker with write access). */
async function cutStream(sink: Awaited<ReturnType<typeof filled>>, stream: string, n: number) {
  const records = (await sink.logs.get(stream)!.records()).slice(0, n);
  const log = createMemoryAuditLog();
  for (const r of records) {
    const { seq: _s, at: _a, prevHash: _p, hash: _h, ...event } = r;
    await log.append(event as AuditEvent);
  }
  sink.logs.set(stream, log);
}

describe('verifyAuditStreams', () => {
  it('verifies the main chain, every stream alone, and the checkpoints', async () => {
    const sink = await filled();
    expect(await verifyAuditStreams(sink, { pageSize: 3 })).toEqual({
      ok: true,
      main: { length: 2, head: (await sink.main.head()).hash },
      streams: [
        { stream: 'agent-a', length: 5, head: (await sink.logs.get('agent-a')!.head()).hash },
        { stream: 'agent-b', length: 4, head: (await sink.logs.get('agent-b')!.head()).hash },
      ],
      checkpoints: 1,
    });
    // each chain is a plain audit chain
    const a = await sink.records({ stream: 'agent-a' });
    expect(await verifyAuditChain(a)).toMatchObject({ ok: true, length: 5 });
    expect(a.every((r) => r.stream === 'agent-a')).toBe(true);
    const [checkpoint] = (await sink.records()).filter((r) => r.type === 'checkpoint');
    expect(checkpoint?.data).toEqual({
      streams: [
        { stream: 'agent-a', length: 4, hash: a[3]!.hash },
        { stream: 'agent-b', length: 4, hash: (await sink.logs.get('agent-b')!.head()).hash },
      ],
    });
  });

  it('an edited stream record fails in that stream', async () => {
    const sink = await filled();
    const raw = sink.logs.get('agent-b')!.raw;
    raw[2] = { ...raw[2]!, toolCallId: 'forged' };
    expect(await verifyAuditStreams(sink)).toEqual({
      ok: false,
      stream: 'agent-b',
      index: 2,
      reason: 'hash_mismatch',
    });
  });

  it('a stream cut together with its head is caught by the checkpoint (truncated)', async () => {
    const sink = await filled();
    await cutStream(sink, 'agent-b', 2);
    // the stream alone, with its rewritten head, still verifies
    expect(await verifyAuditChain(await sink.records({ stream: 'agent-b' }))).toMatchObject({
      ok: true,
      length: 2,
    });
    expect(await verifyAuditStreams(sink)).toEqual({
      ok: false,
      stream: 'agent-b',
      index: 2,
      reason: 'truncated',
    });
  });

  it('a stream deleted entirely is caught by the checkpoint', async () => {
    const sink = await filled();
    sink.logs.delete('agent-a');
    expect(await verifyAuditStreams(sink)).toEqual({
      ok: false,
      stream: 'agent-a',
      index: 0,
      reason: 'truncated',
    });
  });

  it('a stream rewritten behind the checkpoint fails at its position (head_mismatch)', async () => {
    const sink = await filled();
    await cutStream(sink, 'agent-a', 2);
    const log = sink.logs.get('agent-a')!;
    for (let i = 2; i < 5; i++)
      await log.append({ type: 'executed', toolCallId: `x${i}`, stream: 'agent-a' } as AuditEvent);
    expect(await verifyAuditStreams(sink)).toEqual({
      ok: false,
      stream: 'agent-a',
      index: 3,
      reason: 'head_mismatch',
    });
  });

  it('a record of another stream, or a stream record in the main chain: stream_mismatch', async () => {
    const sink = await filled();
    await sink.logs.get('agent-a')!.append({ type: 'executed', stream: 'agent-b' } as AuditEvent);
    expect(await verifyAuditStreams(sink)).toEqual({
      ok: false,
      stream: 'agent-a',
      index: 5,
      reason: 'stream_mismatch',
    });
    const other = await filled();
    await other.main.append({ type: 'executed', stream: 'agent-a' } as AuditEvent);
    expect(await verifyAuditStreams(other)).toMatchObject({
      ok: false,
      index: 2,
      reason: 'stream_mismatch',
    });
  });

  it('checkpoints that are malformed, move a stream back or drop one: checkpoint_invalid', async () => {
    const back = await filled();
    const heads = await back.streams();
    await back.main.append(
      checkpointEvent(
        heads.map((h) => (h.stream === 'agent-b' ? { ...h, length: 1, hash: h.hash } : h)),
      ),
    );
    expect(await verifyAuditStreams(back)).toEqual({
      ok: false,
      index: 2,
      reason: 'checkpoint_invalid',
    });
    const dropped = await filled();
    await dropped.main.append(checkpointEvent((await dropped.streams()).slice(0, 1)));
    expect(await verifyAuditStreams(dropped)).toMatchObject({
      reason: 'checkpoint_invalid',
      index: 2,
    });
    const malformed = await filled();
    await malformed.main.append({ type: 'checkpoint', data: { streams: 'all' } });
    expect(await verifyAuditStreams(malformed)).toMatchObject({ reason: 'checkpoint_invalid' });
  });

  it('checkpointHeads refuses every malformed shape; isAuditStreamKey its bad keys', () => {
    const h = 'a'.repeat(64);
    const rec = (streams: unknown) =>
      ({
        type: 'checkpoint',
        seq: 0,
        at: '',
        prevHash: '',
        hash: '',
        data: { streams },
      }) as AuditRecord;
    expect(checkpointHeads(rec([{ stream: 'a', length: 1, hash: h }]))).toEqual([
      { stream: 'a', length: 1, hash: h },
    ]);
    for (const bad of [
      undefined,
      {},
      [null],
      [{ stream: 'a', length: 0, hash: h }],
      [{ stream: 'a', length: 1.5, hash: h }],
      [{ stream: 'a', length: 1, hash: 'A'.repeat(64) }],
      [{ stream: '', length: 1, hash: h }],
      [
        { stream: 'b', length: 1, hash: h },
        { stream: 'a', length: 1, hash: h },
      ],
      [
        { stream: 'a', length: 1, hash: h },
        { stream: 'a', length: 2, hash: h },
      ],
    ])
      expect(checkpointHeads(rec(bad))).toBeUndefined();
    for (const bad of ['', 'x'.repeat(201), 'a\nb', 'a\u0085', '\ud800', 'a\udc00b', 7, null])
      expect(isAuditStreamKey(bad)).toBe(false);
    for (const good of ['agent', 'x'.repeat(200), 'tenant/ü/😀', '__proto__'])
      expect(isAuditStreamKey(good)).toBe(true);
  });
});
