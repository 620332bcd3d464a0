import { describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from './memory-log.js';
import type { AuditRecord } from './types.js';
import { verifyPagedChain } from './verify-paged.js';

async function chain(n: number): Promise<AuditRecord[]> {
  const log = createMemoryAuditLog();
  for (let i = 0; i < n; i++)
    await log.append({ type: 'executed', tool: 't', toolCallId: `c${i}` });
  return log.records();
}

/** Reads pages of `records`, counting the reads. */
function pager(records: readonly AuditRecord[]) {
  const reads: [number, number][] = [];
  return {
    reads,
    read: async (fromSeq: number, limit: number) => {
      reads.push([fromSeq, limit]);
      return records.slice(fromSeq, fromSeq + limit);
    },
  };
}

describe('verifyPagedChain', () => {
  it('verifies across pages (an exact multiple reads one empty page) and reaches the head', async () => {
    const records = await chain(6);
    const p = pager(records);
    const head = { length: 6, hash: records[5]!.hash };
    expect(await verifyPagedChain(p.read, [head], { pageSize: 3 })).toEqual({
      ok: true,
      length: 6,
      head: head.hash,
    });
    expect(p.reads).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
  });

  it('a cut end fails truncated, an anchor on an earlier page that differs fails head_mismatch', async () => {
    const records = await chain(7);
    const cut = pager(records.slice(0, 4));
    expect(
      await verifyPagedChain(cut.read, [{ length: 7, hash: records[6]!.hash }], { pageSize: 3 }),
    ).toEqual({ ok: false, index: 4, reason: 'truncated' });
    expect(
      await verifyPagedChain(pager(records).read, [{ length: 2, hash: records[0]!.hash }], {
        pageSize: 3,
      }),
    ).toEqual({ ok: false, index: 1, reason: 'head_mismatch' });
  });

  it('an edited record on a later page is reported at its position in the whole chain', async () => {
    const records = await chain(7);
    const edited = records.map((r, i) => (i === 5 ? { ...r, tool: 'x' } : r));
    expect(await verifyPagedChain(pager(edited).read, [], { pageSize: 3 })).toEqual({
      ok: false,
      index: 5,
      reason: 'hash_mismatch',
    });
  });

  it('a sink that ignores the limit is read once; visit fails a record with its own reason', async () => {
    const records = await chain(5);
    let reads = 0;
    const all = async () => {
      reads++;
      return records;
    };
    expect(await verifyPagedChain(all, [], { pageSize: 2 })).toMatchObject({ ok: true, length: 5 });
    expect(reads).toBe(1);
    const seen: number[] = [];
    const result = await verifyPagedChain(pager(records).read, [], { pageSize: 2 }, (r) => {
      seen.push(r.seq);
      return r.seq === 3 ? 'visited_bad' : undefined;
    });
    expect(result).toEqual({ ok: false, index: 3, reason: 'visited_bad' });
    expect(seen).toEqual([0, 1, 2, 3]);
  });
});
