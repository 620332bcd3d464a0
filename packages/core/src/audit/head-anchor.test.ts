import { describe, expect, it } from 'vitest';
import { GENESIS_HASH } from './audit-hash.js';
import { createMemoryAuditLog } from './memory-log.js';
import type { AuditEvent } from './types.js';
import { verifyAuditChain } from './verify-chain.js';
import { verifyAuditLog } from './verify-log.js';

const event = (i: number): AuditEvent => ({
  type: 'executed',
  tool: 'refund',
  toolCallId: `c${i}`,
});

async function logWith(n: number) {
  const log = createMemoryAuditLog();
  for (let i = 0; i < n; i++) await log.append(event(i));
  return log;
}

describe('audit head anchor', () => {
  it('regression: deleting the last records passes without a head, fails with it (truncated)', async () => {
    const log = await logWith(5);
    const head = await log.head();
    expect(head).toEqual({ length: 5, hash: log.raw[4]!.hash });
    log.raw.splice(3); // an attacker drops the last two records
    const records = await log.records();
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 3 });
    expect(await verifyAuditChain(records, { expectedHead: head })).toEqual({
      ok: false,
      index: 3,
      reason: 'truncated',
    });
    // the log's own head is kept apart from the records: still 5
    expect(await log.head()).toEqual(head);
    expect(await verifyAuditChain(records, { expectedHead: await log.head() })).toMatchObject({
      ok: false,
      reason: 'truncated',
    });
  });

  it('a chain rewritten from some record on fails at the anchored position (head_mismatch)', async () => {
    const log = await logWith(4);
    const head = await log.head();
    const other = await logWith(2);
    for (let i = 2; i < 6; i++) await other.append({ ...event(i), note: 'forged' });
    const forged = await other.records();
    expect(await verifyAuditChain(forged)).toMatchObject({ ok: true, length: 6 });
    expect(await verifyAuditChain(forged, { expectedHead: head })).toEqual({
      ok: false,
      index: 3,
      reason: 'head_mismatch',
    });
  });

  it('a chain that grew past the anchor verifies; the empty head is the genesis hash', async () => {
    const log = await logWith(3);
    const head = await log.head();
    await log.append(event(3));
    expect(await verifyAuditChain(await log.records(), { expectedHead: head })).toMatchObject({
      ok: true,
      length: 4,
    });
    const empty = createMemoryAuditLog();
    expect(await empty.head()).toEqual({ length: 0, hash: GENESIS_HASH });
    expect(await verifyAuditChain([], { expectedHead: await empty.head() })).toMatchObject({
      ok: true,
      length: 0,
      head: GENESIS_HASH,
    });
    expect(
      await verifyAuditChain([], { expectedHead: { length: 0, hash: 'f'.repeat(64) } }),
    ).toMatchObject({ ok: false, reason: 'head_mismatch' });
  });

  it('start: verifies only the new records after a verified head', async () => {
    const log = await logWith(3);
    const verified = await verifyAuditChain(await log.records());
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    await log.append(event(3));
    await log.append(event(4));
    const fresh = await log.records({ fromSeq: verified.length });
    expect(fresh.map((r) => r.seq)).toEqual([3, 4]);
    const start = { length: verified.length, hash: verified.head };
    const next = await verifyAuditChain(fresh, { start, expectedHead: await log.head() });
    expect(next).toEqual({ ok: true, length: 5, head: log.raw[4]!.hash });
    // a slice that does not continue the verified head fails
    expect(await verifyAuditChain(fresh.slice(1), { start })).toMatchObject({
      ok: false,
      index: 0,
      reason: 'seq_mismatch',
    });
    expect(
      await verifyAuditChain(fresh, { start: { length: 3, hash: 'a'.repeat(64) } }),
    ).toMatchObject({ ok: false, index: 0, reason: 'prev_hash_mismatch' });
  });

  it('refuses malformed heads', async () => {
    await expect(verifyAuditChain([], { expectedHead: { length: -1, hash: '' } })).rejects.toThrow(
      TypeError,
    );
    await expect(
      verifyAuditChain([], {
        start: { length: 2, hash: GENESIS_HASH },
        expectedHead: { length: 1, hash: GENESIS_HASH },
      }),
    ).rejects.toThrow(/before start/);
  });

  it('records({ fromSeq, limit }) pages the memory log', async () => {
    const log = await logWith(5);
    expect((await log.records({ fromSeq: 1, limit: 2 })).map((r) => r.seq)).toEqual([1, 2]);
    expect(await log.records({ fromSeq: 9 })).toEqual([]);
  });
});

describe('verifyAuditLog', () => {
  it('pages through the sink and checks its own head and an external one', async () => {
    const log = await logWith(7);
    const external = await log.head();
    expect(await verifyAuditLog(log, { pageSize: 2 })).toEqual({
      verification: { ok: true, length: 7, head: external.hash },
      storedHead: external,
    });
    await log.append(event(7));
    expect(
      (await verifyAuditLog(log, { pageSize: 3, expectedHead: external })).verification,
    ).toMatchObject({ ok: true, length: 8 });
    log.raw.splice(6);
    expect((await verifyAuditLog(log, { pageSize: 2 })).verification).toEqual({
      ok: false,
      index: 6,
      reason: 'truncated',
    });
  });

  it('reports an edited record at its position in the chain', async () => {
    const log = await logWith(5);
    log.raw[3] = { ...log.raw[3]!, tool: 'wipe' };
    expect((await verifyAuditLog(log, { pageSize: 2 })).verification).toEqual({
      ok: false,
      index: 3,
      reason: 'hash_mismatch',
    });
  });

  it('works with a sink that has neither head() nor paging', async () => {
    const log = await logWith(3);
    const plain = { append: log.append, records: () => log.records() };
    expect(await verifyAuditLog(plain, { pageSize: 2 })).toMatchObject({
      verification: { ok: true, length: 3 },
      storedHead: undefined,
    });
  });
});
