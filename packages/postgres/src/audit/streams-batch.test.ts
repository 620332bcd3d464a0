import { createHash } from 'node:crypto';
import {
  type AuditEvent,
  type AuditRecord,
  verifyAuditChain,
  verifyAuditStreams,
} from '@argseal/core/store';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describePostgres,
  freshPGliteSchema,
  freshPostgresSchema,
  sharedPGlite,
} from '../__fixtures__/databases.js';
import { runWorker } from '../__fixtures__/processes.js';
import type { SqlQueryable } from '../sql/db.js';
import { createSqlAuditLog, type SqlAuditLog } from './log.js';

const event = (agent: string, id: string): AuditEvent => ({
  type: 'executed',
  tool: 'refund',
  agent,
  toolCallId: id,
});

/** `db`, counting the statements that start with `prefix`. */
function counting(db: SqlQueryable, prefix: string) {
  const counter = { n: 0 };
  const wrapped: SqlQueryable = {
    query(text, params) {
      if (text.startsWith(prefix)) counter.n++;
      return db.query(text, params);
    },
  };
  return { db: wrapped, counter };
}

/** Every stream gapless, linked, at its head row; returns the records by stream. */
async function checkAll(log: SqlAuditLog): Promise<Map<string, AuditRecord[]>> {
  const byStream = new Map<string, AuditRecord[]>();
  for (const head of await log.streams()) {
    const records = await log.records({ stream: head.stream });
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i));
    expect(await verifyAuditChain(records, { expectedHead: head })).toMatchObject({ ok: true });
    byStream.set(head.stream, records);
  }
  await log.checkpoint();
  expect(await verifyAuditStreams(log)).toMatchObject({ ok: true });
  return byStream;
}

describe('PGlite: streams share statements', () => {
  const shared = sharedPGlite();
  afterAll(() => shared.close());

  it('appends to 16 streams fired in one tick go out as one statement, in call order per stream', async () => {
    const { db, counter } = counting(await freshPGliteSchema(await shared.get()), 'WITH heads');
    const log = createSqlAuditLog(db, { stream: 'agent', checkpointEvery: 0 });
    const fired = Array.from({ length: 48 }, (_, i) => event(`s${i % 16}`, `e-${i}`));
    const returned = await Promise.all(fired.map((e) => log.append(e)));
    expect(counter.n).toBe(1);
    const byStream = await checkAll(log);
    expect(byStream.size).toBe(16);
    for (const [stream, records] of byStream) {
      const mine = fired.filter((e) => e.agent === stream).map((e) => e.toolCallId);
      expect(records.map((r) => r.toolCallId)).toEqual(mine);
      expect(records.every((r) => r.stream === stream)).toBe(true);
    }
    // what append resolved to is what was stored
    const stored = [...byStream.values()].flat();
    const key = (r: AuditRecord) => `${r.stream}:${r.seq}`;
    expect([...returned].sort((a, b) => (key(a) < key(b) ? -1 : 1))).toEqual(
      [...stored].sort((a, b) => (key(a) < key(b) ? -1 : 1)),
    );
    // the next wave: heads are known, no head read, one statement again
    const before = counter.n;
    await Promise.all(fired.slice(0, 16).map((e) => log.append({ ...e, toolCallId: 'again' })));
    expect(counter.n).toBe(before + 1);
    await checkAll(log);
  });

  it('maxBatchRecords bounds the records per statement across streams', async () => {
    const { db, counter } = counting(await freshPGliteSchema(await shared.get()), 'WITH heads');
    const log = createSqlAuditLog(db, { stream: 'agent', maxBatchRecords: 5, checkpointEvery: 0 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => log.append(event(`s${i % 4}`, `${i}`))));
    expect(counter.n).toBe(4);
    const byStream = await checkAll(log);
    expect([...byStream.values()].map((r) => r.length)).toEqual([5, 5, 5, 5]);
  });
});

describePostgres('PostgreSQL: streams share statements', (url) => {
  it('a stream head moved by another connection: that stream is rehashed under its lock, the others land', async () => {
    const fresh = await freshPostgresSchema(url);
    const other = new pg.Client(fresh.config);
    await other.connect();
    try {
      const intruder = createSqlAuditLog(other, { stream: 'agent', checkpointEvery: 0 });
      let interfered = 0;
      const log = createSqlAuditLog(fresh.pool, {
        stream: 'agent',
        checkpointEvery: 0,
        sha256: async (text) => {
          // after this log read the heads: another writer appends to stream b first
          if (interfered === 0 && text.includes('"toolCallId":"b-0"')) {
            interfered++;
            await intruder.append(event('b', 'intruder'));
          }
          return createHash('sha256').update(text, 'utf8').digest('hex');
        },
      });
      const fired = ['a-0', 'b-0', 'c-0', 'a-1', 'b-1', 'c-1'].map((id) => event(id[0]!, id));
      const mine = await Promise.all(fired.map((e) => log.append(e)));
      expect(interfered).toBe(1);
      const byStream = await checkAll(log);
      expect(byStream.get('a')!.map((r) => r.toolCallId)).toEqual(['a-0', 'a-1']);
      expect(byStream.get('b')!.map((r) => r.toolCallId)).toEqual(['intruder', 'b-0', 'b-1']);
      expect(byStream.get('c')!.map((r) => r.toolCallId)).toEqual(['c-0', 'c-1']);
      expect(mine.map((r) => `${r.stream}:${r.seq}`)).toEqual([
        'a:0',
        'b:1',
        'c:0',
        'a:1',
        'b:2',
        'c:1',
      ]);
      // the log reads b's head again and keeps writing all three in one statement
      await Promise.all(['a-2', 'b-3', 'c-2'].map((id) => log.append(event(id[0]!, id))));
      expect((await checkAll(log)).get('b')!.map((r) => r.seq)).toEqual([0, 1, 2, 3]);
    } finally {
      await other.end();
      await fresh.close();
    }
  });

  it('checkpoints racing from 3 connections while streams grow never name an older head', async () => {
    const fresh = await freshPostgresSchema(url, 8);
    const clients = [new pg.Client(fresh.config), new pg.Client(fresh.config)];
    try {
      await Promise.all(clients.map((c) => c.connect()));
      const logs = [fresh.pool, ...clients].map((db) =>
        createSqlAuditLog(db, { stream: 'agent', checkpointEvery: 0 }),
      );
      let written = 0;
      await Promise.all(
        logs.flatMap((log, l) => [
          ...Array.from({ length: 8 }, async (_, w) => {
            for (let i = 0; i < 12; i++)
              await log.append(event(`s${(w + i) % 4}`, `${l}-${w}-${i}`));
          }),
          (async () => {
            for (let i = 0; i < 6; i++) if (await log.checkpoint()) written++;
          })(),
        ]),
      );
      const main = await logs[0]!.records();
      expect(written).toBeGreaterThan(6); // undefined only before any stream had records
      expect(main.filter((r) => r.type === 'checkpoint').length).toBe(written);
      expect(await verifyAuditStreams(logs[0]!)).toMatchObject({ ok: true, checkpoints: written });
    } finally {
      await Promise.all(clients.map((c) => c.end()));
      await fresh.close();
    }
  });

  it('3 OS processes and this one append to the same 16 streams: no fork, no deadlock, nothing lost', async () => {
    const fresh = await freshPostgresSchema(url, 8);
    try {
      const config = { url, schema: fresh.schema, appenders: 24, per: 10, streams: 16 };
      const local = createSqlAuditLog(fresh.pool, { stream: 'agent', checkpointEvery: 0 });
      const [outputs] = await Promise.all([
        Promise.all(['p', 'q', 'r'].map((tag) => runWorker('streams', { ...config, tag }))),
        Promise.all(
          Array.from({ length: 24 }, async (_, w) => {
            for (let i = 0; i < 10; i++)
              await local.append(event(`agent-${(w + i) % 16}`, `l-${w}-${i}`));
          }),
        ),
      ]);
      expect(outputs.map((o) => JSON.parse(o))).toEqual([
        { appended: 240 },
        { appended: 240 },
        { appended: 240 },
      ]);
      const byStream = await checkAll(local);
      expect(byStream.size).toBe(16);
      const ids = [...byStream.values()].flat().map((r) => r.toolCallId as string);
      expect(ids.length).toBe(4 * 240);
      expect(new Set(ids).size).toBe(4 * 240);
      // every writer's records keep its own order within each stream
      for (const records of byStream.values()) {
        for (const tag of ['p', 'q', 'r', 'l']) {
          const seen = records
            .map((r) => String(r.toolCallId).split('-'))
            .filter(([t]) => t === tag)
            .map(([, w, i]) => ({ w: Number(w), i: Number(i) }));
          for (const w of new Set(seen.map((s) => s.w))) {
            const order = seen.filter((s) => s.w === w).map((s) => s.i);
            expect(order).toEqual([...order].sort((a, b) => a - b));
          }
        }
      }
    } finally {
      await fresh.close();
    }
  });
});
