import { type AuditEvent, verifyAuditChain } from '@argseal/core/store';
import { createSqlAuditLog, openEmbeddedDatabase, type SqlQueryable } from '@argseal/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeExecutedBehind } from './executed-behind.js';

const event = (type: AuditEvent['type'], toolCallId: string): AuditEvent => ({
  type,
  agent: 'mcp',
  tool: 'fx/echo',
  toolCallId,
  proposalHash: 'a'.repeat(64),
});

describe('writeExecutedBehind on the SQL audit log (embedded PGlite)', () => {
  let db: SqlQueryable & { close(): Promise<void> };
  let statements = 0;
  let failWrites = false;
  /** The database as the log sees it: counts statements, fails them on demand. */
  const counted: SqlQueryable = {
    async query(text: string, params?: unknown[]) {
      statements += 1;
      if (failWrites) throw Object.assign(new Error('disk full'), { code: '53100' });
      return db.query(text, params as never);
    },
  } as SqlQueryable;

  beforeAll(async () => {
    db = await openEmbeddedDatabase();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("writes a call's executed record with the next call's records, in one statement and in order", async () => {
    const log = writeExecutedBehind(createSqlAuditLog(counted));
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
    const log = writeExecutedBehind(createSqlAuditLog(counted));
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
    const log = writeExecutedBehind(createSqlAuditLog(counted));
    const length = (await log.head()).length;
    failWrites = true;
    const executed = log.append(event('executed', 'c4'));
    await expect(executed).rejects.toMatchObject({ code: 'store_unavailable' });
    failWrites = false;
    expect((await log.head()).length).toBe(length);
    await log.flush();
  });
});
