import type { AuditRecord, AuditSink } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { AGENT, ALICE, errorCode, makeConsole } from './__fixtures__/console-fixture.js';
import { MAX_AGENT_AUDIT_EVENT_BYTES } from './validate-audit-event.js';

interface Trail {
  verification: { ok: boolean; length?: number; reason?: string; index?: number };
  head: { length: number; hash: string } | null;
  total: number;
  records: AuditRecord[];
}

/** Counts how many records the route reads from the sink. */
function counting(audit: AuditSink) {
  const reads: number[] = [];
  const sink: AuditSink = {
    append: (e) => audit.append(e),
    head: () => audit.head!(),
    records: async (q) => {
      const out = await audit.records(q);
      reads.push(out.length);
      return out;
    },
  };
  return { sink, reads };
}

async function trail(cx: ReturnType<typeof makeConsole>, query = ''): Promise<Trail> {
  const res = await cx.request('GET', `/api/audit${query}`, { token: ALICE });
  expect(res.status).toBe(200);
  return (await res.json()) as Trail;
}

const event = (i: number) => ({ type: 'executed' as const, tool: 'refund', toolCallId: `c${i}` });

describe('GET /api/audit: head anchor', () => {
  it('returns the head; regression: deleting the last records is reported as truncated', async () => {
    const cx = makeConsole();
    for (let i = 0; i < 5; i++) await cx.audit.append(event(i));
    const first = await trail(cx);
    expect(first.verification).toMatchObject({ ok: true, length: 5 });
    expect(first.head).toEqual({ length: 5, hash: cx.audit.raw[4]!.hash });
    cx.audit.raw.splice(3);
    for (const query of ['', '?full=1', '']) {
      const cut = await trail(cx, query);
      expect(cut.verification).toMatchObject({ ok: false, reason: 'truncated', index: 3 });
      expect(cut.head).toEqual(first.head);
    }
  });

  it('a record rewritten after it was verified is caught at the anchor or by full=1', async () => {
    const cx = makeConsole();
    for (let i = 0; i < 3; i++) await cx.audit.append(event(i));
    await trail(cx);
    cx.audit.raw[2] = { ...cx.audit.raw[2]!, hash: 'b'.repeat(64) };
    expect((await trail(cx)).verification).toMatchObject({
      ok: false,
      reason: 'hash_mismatch',
      index: 2,
    });
    cx.audit.raw[1] = { ...cx.audit.raw[1]!, tool: 'wipe' };
    expect((await trail(cx, '?full=1')).verification).toMatchObject({ ok: false, index: 1 });
  });
});

describe('GET /api/audit: a head row moved back with the truncation', () => {
  it('is still reported (the console remembers the head it verified)', async () => {
    const cx = makeConsole();
    for (let i = 0; i < 4; i++) await cx.audit.append(event(i));
    const head = cx.audit.head.bind(cx.audit);
    const sink = cx.audit as { head: () => Promise<{ length: number; hash: string }> };
    await trail(cx);
    cx.audit.raw.splice(2);
    sink.head = async () => ({ length: 2, hash: cx.audit.raw[1]!.hash });
    expect((await trail(cx)).verification).toMatchObject({
      ok: false,
      reason: 'truncated',
      index: 2,
    });
    sink.head = head;
  });
});

describe('GET /api/audit: incremental polling', () => {
  it('after=SEQ returns only newer records and verifies only them', async () => {
    const base = makeConsole();
    const { sink, reads } = counting(base.audit);
    const { createConsoleServer } = await import('./create-console-server.js');
    const app = createConsoleServer({ store: base.store, audit: sink, tokens: `alice:${ALICE}` });
    const get = async (q: string) =>
      (await (
        await app.request(`http://127.0.0.1:7407/api/audit${q}`, {
          headers: { Authorization: `Bearer ${ALICE}` },
        })
      ).json()) as Trail;
    for (let i = 0; i < 50; i++) await sink.append(event(i));
    const first = await get('?limit=10');
    expect(first.records.map((r) => r.seq)).toEqual([49, 48, 47, 46, 45, 44, 43, 42, 41, 40]);
    expect(first.total).toBe(50);
    reads.length = 0;
    await sink.append(event(50));
    await sink.append(event(51));
    const next = await get('?after=49');
    expect(next.verification).toMatchObject({ ok: true, length: 52 });
    expect(next.records.map((r) => r.seq)).toEqual([51, 50]);
    expect(next.head?.length).toBe(52);
    // the anchor record and the two new ones, then the two for the page: never all 52
    expect(reads).toEqual([3, 2]);
    reads.length = 0;
    const idle = await get('?after=51');
    expect(idle.records).toEqual([]);
    expect(reads).toEqual([1]);
  });

  it('refuses a malformed after with invalid_after', async () => {
    const cx = makeConsole();
    for (const bad of ['-1', 'x', '1.5', '99999999999999999']) {
      const res = await cx.request('GET', `/api/audit?after=${bad}`, { token: ALICE });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('invalid_after');
    }
  });
});

describe('POST /api/agent/audit: size cap', () => {
  it(`refuses an event over ${MAX_AGENT_AUDIT_EVENT_BYTES} bytes with audit_event_too_large; nothing is stored`, async () => {
    const cx = makeConsole();
    const big = { type: 'executed', tool: 'refund', note: 'x'.repeat(MAX_AGENT_AUDIT_EVENT_BYTES) };
    const res = await cx.request('POST', '/api/agent/audit', { token: AGENT, body: big });
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe('audit_event_too_large');
    expect(cx.audit.raw).toHaveLength(0);
    const ok = { type: 'executed', tool: 'refund', note: 'x'.repeat(1000) };
    expect((await cx.request('POST', '/api/agent/audit', { token: AGENT, body: ok })).status).toBe(
      200,
    );
    expect(cx.audit.raw).toHaveLength(1);
  });
});
