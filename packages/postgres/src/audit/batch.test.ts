import {
  type AuditRecord,
  createMemoryAuditLog,
  type JsonValue,
  verifyAuditLog,
} from '@argseal/core';
import {
  type AuditEvent,
  auditRecordBody,
  canonicalize,
  verifyAuditChain,
} from '@argseal/core/store';
import { expectCode } from '@argseal/test-kit';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describePostgres,
  freshPGliteSchema,
  freshPostgresSchema,
  sharedPGlite,
} from '../__fixtures__/databases.js';
import { doomedClient, sha256After } from '../__fixtures__/doomed-client.js';
import type { SqlQueryable } from '../sql/db.js';
import { createSqlAuditLog } from './log.js';
import { recordTemplate, renderBody } from './template.js';

const events = (n: number, tag = 'w'): AuditEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    type: 'executed',
    tool: 'refund',
    agent: `agent-${i % 3}`,
    toolCallId: `${tag}-${i}`,
    data: { i, tag, nested: { z: [1, 'two', null], a: true } },
  }));

/** The same events appended one by one to core's memory log, with the SQL records' clock. */
async function serialReplay(records: AuditRecord[]): Promise<AuditRecord[]> {
  let i = 0;
  const memory = createMemoryAuditLog({ now: () => new Date(records[i++]!.at) });
  for (const r of records) {
    const { seq: _s, at: _a, prevHash: _p, hash: _h, ...event } = r;
    await memory.append(event as AuditEvent);
  }
  return memory.records();
}

/** N workers append concurrently; the chain is one linear, verified, serial-equal chain. */
async function concurrentAppends(db: SqlQueryable, workers: number, per: number) {
  const log = createSqlAuditLog(db);
  const returned: AuditRecord[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (const e of events(per, `w${w}`)) returned.push(await log.append(e));
    }),
  );
  const records = await log.records();
  const total = workers * per;
  expect(records.map((r) => r.seq)).toEqual(Array.from({ length: total }, (_, i) => i));
  expect(new Set(records.map((r) => r.toolCallId)).size).toBe(total);
  expect(new Set(records.map((r) => r.hash)).size).toBe(total);
  expect((await verifyAuditLog(log, { pageSize: 7 })).verification).toEqual({
    ok: true,
    length: total,
    head: records[total - 1]!.hash,
  });
  // what append resolved to is what was stored, and equals one-by-one appends
  returned.sort((a, b) => a.seq - b.seq);
  expect(returned).toEqual(records);
  expect(await serialReplay(records)).toEqual(records);
  return { log, records };
}

describe('record templates', () => {
  it('render exactly the RFC 8785 text of the record, whatever keys sort around the chain fields', () => {
    const samples: AuditEvent[] = [
      { type: 'executed' },
      { type: 'proposed', agent: 'a', tool: 't', argsCanonicalJson: '{"x":1}' },
      {
        type: 'decided',
        approver: 'ü',
        note: '\u2028 "quoted" \\',
        reason: 'r',
        data: { '10': 1, '2': 2, b: { seq: 1, at: 'x' }, é: '😀', '': [] },
      },
      { type: 'failed', error: { code: 'x', stage: 'schema', path: '/a' }, supersedes: 'b' },
    ];
    for (const event of samples) {
      const t = recordTemplate(event);
      for (const [seq, at, prev] of [
        [0, '2026-01-01T00:00:00.000Z', '0'.repeat(64)],
        [123456789, '1999-12-31T23:59:59.999Z', 'a'.repeat(64)],
      ] as const) {
        const body = auditRecordBody(event, seq, at, prev);
        expect(renderBody(t, seq, at, prev)).toBe(canonicalize(body as unknown as JsonValue));
      }
    }
  });
});

describe('PGlite: batched appends', () => {
  const shared = sharedPGlite();
  afterAll(() => shared.close());

  it('64 concurrent appenders: one gapless chain equal to serial appends', async () => {
    const db = await freshPGliteSchema(await shared.get());
    await concurrentAppends(db, 64, 4);
  });

  it('bad events are refused before the chain with exact codes, and do not fail their batch', async () => {
    const db = await freshPGliteSchema(await shared.get());
    const log = createSqlAuditLog(db);
    const cycle: Record<string, unknown> = { type: 'executed' };
    cycle.self = cycle;
    const bad: unknown[] = [
      null,
      'executed',
      { tool: 'no-type' },
      { type: 7 },
      { type: 'executed', data: { n: 10n } },
      { type: 'executed', data: { f: () => 1 } },
      { type: 'executed', data: { x: Number.NaN } },
      { type: 'executed', stream: 'forged' },
      cycle,
    ];
    const outcomes = await Promise.allSettled([
      log.append({ type: 'executed', toolCallId: 'good-1' }),
      ...bad.map((e) => log.append(e as AuditEvent)),
      log.append({ type: 'executed', toolCallId: 'good-2' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      ...bad.map(() => 'rejected'),
      'fulfilled',
    ]);
    for (const e of bad) await expectCode(() => log.append(e as AuditEvent), 'invalid_audit_event');
    const records = await log.records();
    expect(records.map((r) => r.toolCallId)).toEqual(['good-1', 'good-2']);
    expect(await log.head()).toEqual({ length: 2, hash: records[1]!.hash });
  });

  it('refuses bad options with exact codes', async () => {
    const db = await freshPGliteSchema(await shared.get());
    for (const maxBatchRecords of [0, -1, 1.5, 10_001, Number.NaN]) {
      expect(() => createSqlAuditLog(db, { maxBatchRecords })).toThrow(
        expect.objectContaining({ code: 'invalid_option', name: 'SqlStoreError' }),
      );
    }
    expect(() => createSqlAuditLog(db, { sha256: 'sha256' as unknown as () => string })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });

  it('maxBatchRecords splits batches; a sha256 option is used and agrees with the default', async () => {
    const db = await freshPGliteSchema(await shared.get());
    let calls = 0;
    const { createHash } = await import('node:crypto');
    const log = createSqlAuditLog(db, {
      maxBatchRecords: 3,
      sha256: (text) => {
        calls++;
        return createHash('sha256').update(text, 'utf8').digest('hex');
      },
    });
    await Promise.all(events(10).map((e) => log.append(e)));
    expect(calls).toBe(10);
    const records = await log.records();
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 10 });
    expect(await serialReplay(records)).toEqual(records);
  });
});

describePostgres('PostgreSQL: batched appends', (url) => {
  it('64 concurrent appenders on a pool of 16: one gapless chain equal to serial appends', async () => {
    const fresh = await freshPostgresSchema(url, 16);
    try {
      await concurrentAppends(fresh.pool, 64, 5);
    } finally {
      await fresh.close();
    }
  });

  it('pipelined batches on a pool keep call order: 300 appends fired at once, 10 per batch', async () => {
    const fresh = await freshPostgresSchema(url, 8);
    try {
      const log = createSqlAuditLog(fresh.pool, { maxBatchRecords: 10 });
      const fired = events(300, 'o');
      const returned = await Promise.all(fired.map((e) => log.append(e)));
      const records = await log.records();
      expect(records.map((r) => r.toolCallId)).toEqual(fired.map((e) => e.toolCallId));
      expect(returned).toEqual(records);
      expect((await verifyAuditLog(log)).verification).toMatchObject({ ok: true, length: 300 });
      expect(await serialReplay(records)).toEqual(records);
      const ats = records.map((r) => Date.parse(r.at));
      expect(ats.every((t, i) => i === 0 || t >= ats[i - 1]!)).toBe(true); // never earlier
    } finally {
      await fresh.close();
    }
  });

  it('a head moved by another connection between read and write: the batch retries under the lock', async () => {
    const fresh = await freshPostgresSchema(url);
    const other = new pg.Client(fresh.config);
    await other.connect();
    try {
      const intruder = createSqlAuditLog(other);
      let interfered = 0;
      const log = createSqlAuditLog(fresh.pool, {
        sha256: async (text) => {
          // the first hashing pass: another writer appends between head read and write
          if (interfered < 1 && text.includes('"toolCallId":"w-0"')) {
            interfered++;
            await intruder.append({ type: 'executed', toolCallId: `intruder-${interfered}` });
          }
          const { createHash } = await import('node:crypto');
          return createHash('sha256').update(text, 'utf8').digest('hex');
        },
      });
      const mine = await Promise.all(events(5).map((e) => log.append(e)));
      // the first pass lost to intruder-1; the retry under the head lock rehashed and won
      expect(interfered).toBe(1);
      const records = await log.records();
      expect(records.map((r) => r.toolCallId)).toEqual([
        'intruder-1',
        ...events(5).map((e) => e.toolCallId),
      ]);
      expect(mine.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(mine).toEqual(records.slice(1));
      expect((await verifyAuditLog(log)).verification).toMatchObject({ ok: true, length: 6 });
      expect(await serialReplay(records)).toEqual(records);
    } finally {
      await other.end();
      await fresh.close();
    }
  });

  it('an append retried under the head lock resolves only once its COMMIT returned: a reader on another connection sees it', async () => {
    const fresh = await freshPostgresSchema(url);
    const writer = new pg.Client(fresh.config);
    const other = new pg.Client(fresh.config);
    await Promise.all([writer.connect(), other.connect()]);
    try {
      // the writer's COMMIT leaves 300 ms late
      const query = writer.query.bind(writer) as (config: { text: string }) => Promise<unknown>;
      let commits = 0;
      (writer as unknown as { query: typeof query }).query = async (config) => {
        if (config.text === 'COMMIT') {
          commits++;
          await new Promise((r) => setTimeout(r, 300));
        }
        return query(config);
      };
      const intruder = createSqlAuditLog(other);
      let interfered = 0;
      const log = createSqlAuditLog(writer, {
        sha256: async (text) => {
          // the first pass loses to another connection's append: the retry runs under the lock
          if (interfered < 1 && text.includes('"toolCallId":"w-0"')) {
            interfered++;
            await intruder.append({ type: 'executed', toolCallId: 'intruder' });
          }
          const { createHash } = await import('node:crypto');
          return createHash('sha256').update(text, 'utf8').digest('hex');
        },
      });
      const record = await log.append(events(1)[0]!);
      // the moment the append resolved, another connection already reads the record
      const seen = await other.query(
        'SELECT count(*)::int AS n FROM argseal_audit WHERE seq = $1',
        [record.seq],
      );
      expect(interfered).toBe(1);
      expect(commits).toBe(1);
      expect(record.seq).toBe(1);
      expect(seen.rows[0].n).toBe(1);
    } finally {
      await Promise.all([writer.end(), other.end()]);
      await fresh.close();
    }
  });

  it('connection loss mid-batch fails that batch with store_unavailable and leaves a valid chain', async () => {
    const fresh = await freshPostgresSchema(url);
    const doomed = await doomedClient(fresh.config, fresh.pool);
    try {
      const log = createSqlAuditLog(doomed.client);
      await Promise.all(events(3, 'before').map((e) => log.append(e)));
      let killed = false;
      const dying = createSqlAuditLog(doomed.client, {
        sha256: sha256After(async () => {
          if (!killed) {
            killed = true; // the head was read; the connection dies before the write
            await doomed.kill();
          }
        }),
      });
      const lost = await Promise.allSettled(events(4, 'lost').map((e) => dying.append(e)));
      expect(lost.every((o) => o.status === 'rejected')).toBe(true);
      for (const o of lost) {
        expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'store_unavailable' });
      }
      const survivor = createSqlAuditLog(fresh.pool);
      expect((await verifyAuditLog(survivor)).verification).toMatchObject({ ok: true, length: 3 });
      await Promise.all(events(3, 'after').map((e) => survivor.append(e)));
      const records = await survivor.records();
      expect(records.map((r) => r.toolCallId)).toEqual([
        'before-0',
        'before-1',
        'before-2',
        'after-0',
        'after-1',
        'after-2',
      ]);
      expect((await verifyAuditLog(survivor)).verification).toMatchObject({ ok: true, length: 6 });
    } finally {
      await doomed.end();
      await fresh.close();
    }
  });
});

it('a PGlite closed mid-run fails pending appends with store_unavailable', async () => {
  const db = await PGlite.create();
  const { migrate } = await import('../schema/migrate.js');
  await migrate(db);
  const log = createSqlAuditLog(db);
  await log.append({ type: 'executed' });
  await db.close();
  await expectCode(() => log.append({ type: 'executed' }), 'store_unavailable');
});
