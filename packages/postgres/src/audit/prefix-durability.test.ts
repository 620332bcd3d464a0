import { type AuditRecord, verifyAuditLog } from '@argseal/core';
import type { AuditEvent } from '@argseal/core/store';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describePostgres,
  freshPGliteSchema,
  freshPostgresSchema,
  sharedPGlite,
} from '../__fixtures__/databases.js';
import type { SqlQueryable } from '../sql/db.js';
import { createSqlAuditLog } from './log.js';

/** Any record whose toolCallId is "boom" fails its whole statement (injected failure). */
const BOOM = `
  CREATE FUNCTION argseal_t_boom() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.body LIKE '%"toolCallId":"boom"%' THEN
      RAISE EXCEPTION 'injected' USING ERRCODE = '53100';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER boom BEFORE INSERT ON argseal_audit
    FOR EACH ROW EXECUTE FUNCTION argseal_t_boom();
  CREATE TRIGGER boom BEFORE INSERT ON argseal_audit_stream_records
    FOR EACH ROW EXECUTE FUNCTION argseal_t_boom();`;

const ev = (toolCallId: string, agent = 'a'): AuditEvent => ({
  type: 'executed',
  agent,
  tool: 'refund',
  toolCallId,
});
const ids = (records: AuditRecord[]) => records.map((r) => r.toolCallId);
const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A failed batch: every append made before the failure was reported rejects with its error. */
async function failedBatch(db: SqlQueryable) {
  const log = createSqlAuditLog(db, { maxBatchRecords: 1 });
  expect(log.durability).toBe('prefix');
  await log.append(ev('warm')); // the head is known: the next batches go out at once
  // 1 failing batch, 7 in flight behind it (hashed from the head it would leave), 4 waiting
  const names = ['boom', ...Array.from({ length: 11 }, (_, i) => `behind-${i}`)];
  const outcomes = await Promise.allSettled(names.map((n) => log.append(ev(n))));
  const reasons = outcomes.map((o) => (o.status === 'rejected' ? o.reason : o.status));
  expect(reasons[0]).toMatchObject({ name: 'SqlStoreError', code: 'store_unavailable' });
  for (const reason of reasons) expect(reason).toBe(reasons[0]);
  expect(ids(await log.records())).toEqual(['warm']);
  // appends made after the failure was reported start fresh
  await Promise.all([log.append(ev('after-0')), log.append(ev('after-1'))]);
  expect(ids(await log.records())).toEqual(['warm', 'after-0', 'after-1']);
  expect((await verifyAuditLog(log)).verification).toMatchObject({ ok: true, length: 3 });
}

/** A stream's failed batch: that stream's appends waiting behind it reject; others land. */
async function failedStreamBatch(db: SqlQueryable) {
  let open: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const held: SqlQueryable = {
    async query(text: string, params?: unknown[]) {
      if (gate) await gate;
      return db.query(text, params as never);
    },
  } as SqlQueryable;
  const log = createSqlAuditLog(held, { stream: 'agent' });
  expect(log.durability).toBe('prefix');
  await log.append(ev('warm', 'x'));
  gate = new Promise<void>((r) => {
    open = r;
  });
  const boom = log.append(ev('boom', 'x')).catch((e: unknown) => e);
  await ticks(2); // its statement is on its way (held)
  const behind = log.append(ev('behind', 'x')).catch((e: unknown) => e);
  const other = log.append(ev('other', 'y'));
  await ticks(2);
  gate = undefined;
  open?.();
  const error = await boom;
  expect(error).toMatchObject({ name: 'SqlStoreError', code: 'store_unavailable' });
  expect(await behind).toBe(error);
  expect((await other).toolCallId).toBe('other');
  expect(ids(await log.records({ stream: 'x' }))).toEqual(['warm']);
  await log.append(ev('after', 'x'));
  expect(ids(await log.records({ stream: 'x' }))).toEqual(['warm', 'after']);
}

describe('prefix durability of the SQL audit log (PGlite)', () => {
  const shared = sharedPGlite();
  afterAll(() => shared.close());

  it('a failed batch rejects the batches in flight behind it and the appends waiting', async () => {
    const db = await freshPGliteSchema(await shared.get());
    await db.exec(BOOM);
    await failedBatch(db);
  });

  it('streams: a failed batch rejects the appends of that stream waiting behind it', async () => {
    const db = await freshPGliteSchema(await shared.get());
    await db.exec(BOOM);
    await failedStreamBatch(db);
  });

  it('a stream function leaves durability undeclared (closed default)', async () => {
    const db = await freshPGliteSchema(await shared.get());
    expect(createSqlAuditLog(db, { stream: () => 'k' }).durability).toBeUndefined();
    expect(createSqlAuditLog(db).durability).toBe('prefix');
  });
});

describePostgres('prefix durability of the SQL audit log (PostgreSQL)', (url) => {
  it('a failed batch on a pool rejects the batches in flight behind it and the appends waiting', async () => {
    const fresh = await freshPostgresSchema(url, 10);
    try {
      await fresh.pool.query(BOOM);
      await failedBatch(fresh.pool);
    } finally {
      await fresh.close();
    }
  });

  it('streams on a pool: a failed batch rejects that stream appends waiting behind it', async () => {
    const fresh = await freshPostgresSchema(url, 10);
    try {
      await fresh.pool.query(BOOM);
      await failedStreamBatch(fresh.pool);
    } finally {
      await fresh.close();
    }
  });
});
