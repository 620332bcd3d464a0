import { type AuditEvent, verifyAuditChain } from '@argseal/core/store';
import { createSqlAuditLog, openEmbeddedDatabase, type SqlQueryable } from '@argseal/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent } from './__fixtures__/audit-event.js';
import { until } from './__fixtures__/until.js';
import { groupAuditWrites } from './group-audit-writes.js';

const event = auditEvent;

describe('groupAuditWrites on the SQL audit log (embedded PGlite)', () => {
  let db: SqlQueryable & { close(): Promise<void> };
  let statements = 0;
  let failWrites = false;
  /** While set, a statement waits for it before it runs. */
  let gate: Promise<void> | undefined;
  /** The database as the log sees it: counts statements, holds or fails them on demand. */
  const counted: SqlQueryable = {
    async query(text: string, params?: unknown[]) {
      statements += 1;
      if (gate) await gate;
      if (failWrites) throw Object.assign(new Error('disk full'), { code: '53100' });
      return db.query(text, params as never);
    },
  } as SqlQueryable;
  const shut = () => {
    let open: () => void = () => undefined;
    gate = new Promise<void>((r) => {
      open = r;
    });
    return () => {
      gate = undefined;
      open();
    };
  };
  const settledYet = async (p: Promise<unknown>) => {
    let done = false;
    void p.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((r) => setTimeout(r, 20));
    return done;
  };

  beforeAll(async () => {
    db = await openEmbeddedDatabase();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("writes a call's executed record with the next call's records, in one statement and in order", async () => {
    const log = groupAuditWrites(createSqlAuditLog(counted), { serial: true });
    await log.append(event('proposed', 'c0')); // reads the head once
    statements = 0;
    const executed = log.append(event('executed', 'c0'));
    await new Promise((r) => setImmediate(r));
    expect(statements).toBe(0); // held
    const proposed = log.append(event('proposed', 'c1'));
    const decided = log.append(event('decided', 'c1'));
    await Promise.all([executed, proposed, decided]);
    expect(statements).toBe(1);
    const records = await log.records();
    expect(records.map((r) => `${r.type}:${r.toolCallId}`)).toEqual([
      'proposed:c0',
      'executed:c0',
      'proposed:c1',
      'decided:c1',
    ]);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
  });

  it('writes a held executed record by itself after the linger time, and reads flush it', async () => {
    const log = groupAuditWrites(createSqlAuditLog(counted), { serial: true });
    const before = (await log.append(event('proposed', 'c2'))).seq + 1; // the writer knows the head
    statements = 0;
    // nothing else is appended: the linger timer writes it
    const record = await log.append(event('executed', 'c2'));
    expect(record.seq).toBe(before);
    expect(statements).toBe(1);
    const held = log.append(event('executed', 'c3'));
    expect((await log.records({ fromSeq: before })).map((r) => r.toolCallId)).toEqual(['c2', 'c3']);
    await held;
  });

  it("rejects the held record's append with the store's error when its write fails", async () => {
    const log = groupAuditWrites(createSqlAuditLog(counted), { serial: true });
    const length = (await log.head()).length;
    failWrites = true;
    const executed = log.append(event('executed', 'c4'));
    await expect(executed).rejects.toMatchObject({ code: 'store_unavailable' });
    failWrites = false;
    expect((await log.head()).length).toBe(length);
    await log.flush();
  });

  it('serial: the records of calls waiting while a write is in flight share the next statement (group commit)', async () => {
    const log = groupAuditWrites(createSqlAuditLog(counted), { serial: true });
    await log.append(event('proposed', 'g0'));
    statements = 0;
    const open = shut();
    const first = log.append(event('decided', 'g0'));
    await until(() => statements === 1); // in flight, held at the gate
    // eight calls arrive meanwhile: their proposed and decided wait for that write
    const waiting = Array.from({ length: 8 }, (_, i) => [
      log.append(event('proposed', `g${i + 1}`)),
      log.append(event('decided', `g${i + 1}`)),
    ]).flat();
    await new Promise((r) => setImmediate(r));
    expect(statements).toBe(1);
    // write-ahead: nothing resolves before its own statement committed
    expect(await settledYet(first)).toBe(false);
    expect(await settledYet(waiting[0] as Promise<unknown>)).toBe(false);
    open();
    await Promise.all([first, ...waiting]);
    expect(statements).toBe(2);
    const records = await log.records();
    expect(records.slice(-17).map((r) => `${r.type}:${r.toolCallId}`)).toEqual([
      'decided:g0',
      ...Array.from({ length: 8 }, (_, i) => [`proposed:g${i + 1}`, `decided:g${i + 1}`]).flat(),
    ]);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
  });

  it('serial: a failed grouped write rejects every append in it with the store code, and the next write goes out', async () => {
    const log = groupAuditWrites(createSqlAuditLog(counted), { serial: true });
    const length = (await log.head()).length;
    statements = 0;
    const open = shut();
    const first = log.append(event('proposed', 'f0'));
    await until(() => statements === 1);
    const grouped = [log.append(event('proposed', 'f1')), log.append(event('decided', 'f1'))];
    failWrites = true;
    open();
    for (const p of [first, ...grouped])
      await expect(p).rejects.toMatchObject({ code: 'store_unavailable' });
    failWrites = false;
    expect((await log.head()).length).toBe(length);
    const after = await log.append(event('proposed', 'f2'));
    expect(after.seq).toBe(length);
    await log.flush();
  });

  it('not serial (PostgreSQL pool): an append made while a write is in flight goes to the log at once', async () => {
    /** A log whose appends stay in flight until the test settles them: it sees when each arrives. */
    const arrived: string[] = [];
    const settle: (() => void)[] = [];
    const sink = {
      ...createSqlAuditLog(counted),
      append: (e: AuditEvent) => {
        arrived.push(`${e.type}:${(e as { toolCallId?: string }).toolCallId}`);
        return new Promise<never>((resolve) => settle.push(() => resolve({} as never)));
      },
    };
    const pool = groupAuditWrites(sink, { serial: false });
    const first = pool.append(event('decided', 'p0'));
    await until(() => arrived.length === 1);
    const second = pool.append(event('proposed', 'p1'));
    await until(() => arrived.length === 2);
    const serial = groupAuditWrites(sink, { serial: true });
    const third = serial.append(event('decided', 'p2'));
    await until(() => arrived.length === 3);
    const fourth = serial.append(event('proposed', 'p3'));
    await new Promise((r) => setTimeout(r, 20));
    expect(arrived).toEqual(['decided:p0', 'proposed:p1', 'decided:p2']); // p3 waits for p2
    for (const s of settle.splice(0)) s();
    await until(() => arrived.length === 4);
    for (const s of settle.splice(0)) s();
    await Promise.all([first, second, third, fourth]);
  });
});
