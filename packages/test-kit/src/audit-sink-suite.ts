import { verifyAuditLog } from '@argseal/core';
import {
  type AuditEvent,
  computeAuditHash,
  GENESIS_HASH,
  verifyAuditChain,
} from '@argseal/core/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditSinkFixture } from './store-fixtures.js';

const event = (i: number): AuditEvent => ({
  type: 'executed',
  agent: 'suite-agent',
  tool: 'refund',
  toolCallId: `call-${i}`,
  proposalHash: i.toString(16).padStart(64, '0'),
  argsCanonicalJson: `{"amount":${i}}`,
  data: { i, nested: { list: [1, 'two', null, true] } },
});

/** The AuditSink contract: a hash chain that verifies, survives concurrency and loses nothing. */
export function describeAuditSinkContract(
  name: string,
  makeSink: () => AuditSinkFixture | Promise<AuditSinkFixture>,
  options: { timeout?: number } = {},
): void {
  describe(`AuditSink contract: ${name}`, { timeout: options.timeout ?? 30_000 }, () => {
    let current: AuditSinkFixture | undefined;
    beforeEach(async () => {
      current = await makeSink();
    });
    afterEach(async () => {
      await current?.close?.();
      current = undefined;
    });
    const sink = () => current!.audit;

    it('the first record links to the genesis hash and hashes with computeAuditHash', async () => {
      const record = await sink().append(event(1));
      expect(record).toMatchObject({ ...event(1), prevHash: GENESIS_HASH });
      expect(Number.isNaN(Date.parse(record.at))).toBe(false);
      const { hash, ...rest } = record;
      expect(hash).toBe(await computeAuditHash(GENESIS_HASH, rest));
      expect(await sink().records()).toEqual([record]);
    });

    it('appends form one chain that verifies, in order', async () => {
      const appended = [];
      for (let i = 0; i < 10; i++) appended.push(await sink().append(event(i)));
      const records = await sink().records();
      expect(records).toEqual(appended);
      expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
      for (let i = 1; i < records.length; i++) {
        expect(records[i]!.seq).toBe(records[0]!.seq + i);
        expect(records[i]!.prevHash).toBe(records[i - 1]!.hash);
      }
    });

    it('absent fields are omitted, not stored as undefined', async () => {
      const record = await sink().append({
        type: 'failed',
        tool: 'refund',
        reason: undefined,
      } as AuditEvent);
      expect('reason' in record).toBe(false);
      const [stored] = await sink().records();
      expect(stored && 'reason' in stored).toBe(false);
    });

    it('a changed record breaks verification', async () => {
      for (let i = 0; i < 3; i++) await sink().append(event(i));
      const records = await sink().records();
      records[1] = { ...records[1]!, tool: 'wipe' };
      const result = await verifyAuditChain(records);
      expect(result.ok).toBe(false);
    });

    it('returned records are copies', async () => {
      await sink().append(event(1));
      const [first] = await sink().records();
      (first!.data as Record<string, unknown>).i = 99;
      const [again] = await sink().records();
      expect((again!.data as Record<string, unknown>).i).toBe(1);
    });

    it('50 concurrent appends: no record lost, chain verifies', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => sink().append(event(i))),
      );
      const records = await sink().records();
      expect(records).toHaveLength(50);
      expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
      expect(new Set(records.map((r) => r.toolCallId)).size).toBe(50);
      expect(new Set(results.map((r) => r.hash))).toEqual(new Set(records.map((r) => r.hash)));
    });

    it('head() tracks the chain: length and last hash, genesis when empty', async () => {
      const head = sink().head;
      if (typeof head !== 'function') return;
      expect(await head.call(sink())).toEqual({ length: 0, hash: GENESIS_HASH });
      const appended = [];
      for (let i = 0; i < 4; i++) appended.push(await sink().append(event(i)));
      expect(await head.call(sink())).toEqual({ length: 4, hash: appended[3]!.hash });
      expect((await sink().records({ fromSeq: 2, limit: 1 })).map((r) => r.seq)).toEqual([
        appended[2]!.seq,
      ]);
      expect(await verifyAuditLog(sink(), { pageSize: 3 })).toMatchObject({
        verification: { ok: true, length: 4, head: appended[3]!.hash },
      });
    });

    it('regression: deleting the last records is detected against the head (truncated)', async () => {
      if (!current!.truncate || typeof sink().head !== 'function') return;
      for (let i = 0; i < 5; i++) await sink().append(event(i));
      const before = await sink().head!();
      await current!.truncate(3);
      const records = await sink().records();
      expect(records).toHaveLength(3);
      expect(await verifyAuditChain(records)).toMatchObject({ ok: true }); // what used to pass
      expect((await verifyAuditLog(sink())).verification).toEqual({
        ok: false,
        index: 3,
        reason: 'truncated',
      });
      expect(await verifyAuditChain(records, { expectedHead: before })).toMatchObject({
        ok: false,
        reason: 'truncated',
      });
    });
  });
}
