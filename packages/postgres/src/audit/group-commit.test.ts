import { verifyAuditChain } from '@argseal/core/store';
import { expectCode } from '@argseal/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPGliteSchema, sharedPGlite } from '../__fixtures__/databases.js';
import { callEvent as event, gatedDb, settledYet, until } from '../__fixtures__/gated-db.js';
import { createSqlAuditLog } from './log.js';

const shared = sharedPGlite();
afterAll(() => shared.close());

/** A fresh schema behind a gated one-connection handle (and a log on it, with `linger`). */
async function setup(options: { pool?: boolean; linger?: number } = {}) {
  const gated = gatedDb(await freshPGliteSchema(await shared.get()), options);
  const log = createSqlAuditLog(gated.db, { executedLingerMs: options.linger ?? 0 });
  return { ...gated, log };
}
const order = (records: { type: string; toolCallId?: string }[]) =>
  records.map((r) => `${r.type}:${r.toolCallId}`);

describe('group commit in the SQL audit log (PGlite)', () => {
  it('one statement at a time: the records of calls waiting while it runs share the next statement', async () => {
    const { log, state } = await setup();
    await log.append(event('proposed', 'g0')); // reads the head once
    state.statements = 0;
    const open = state.shut();
    const first = log.append(event('decided', 'g0'));
    await until(() => state.statements === 1); // in flight, held at the gate
    const waiting = Array.from({ length: 8 }, (_, i) => [
      log.append(event('proposed', `g${i + 1}`)),
      log.append(event('decided', `g${i + 1}`)),
    ]).flat();
    await new Promise((r) => setImmediate(r));
    expect(state.statements).toBe(1);
    // write-ahead: nothing resolves before its own statement committed
    expect(await settledYet(first)).toBe(false);
    expect(await settledYet(waiting[0] as Promise<unknown>)).toBe(false);
    open();
    await Promise.all([first, ...waiting]);
    expect(state.statements).toBe(2);
    const records = await log.records();
    expect(order(records)).toEqual([
      'proposed:g0',
      'decided:g0',
      ...Array.from({ length: 8 }, (_, i) => [`proposed:g${i + 1}`, `decided:g${i + 1}`]).flat(),
    ]);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 18 });
  });

  it('on a pool, an append made while a statement is in flight goes out at once', async () => {
    const { log, state } = await setup({ pool: true });
    await log.append(event('proposed', 'p0'));
    state.statements = 0;
    const open = state.shut();
    const first = log.append(event('decided', 'p0'));
    await until(() => state.statements === 1);
    const second = log.append(event('proposed', 'p1'));
    await until(() => state.statements === 2); // hashed from the head the first leaves
    open();
    await Promise.all([first, second]);
    expect(order(await log.records())).toEqual(['proposed:p0', 'decided:p0', 'proposed:p1']);
  });

  it('on a pool, appends to many streams waiting together go out as two statements in flight at once', async () => {
    const gated = gatedDb(await freshPGliteSchema(await shared.get()), { pool: true });
    const log = createSqlAuditLog(gated.db, { stream: 'agent', checkpointEvery: 0 });
    const wave = (tag: string) =>
      Array.from({ length: 32 }, (_, i) =>
        log.append({ ...event('executed', `${tag}${i}`), agent: `s${i % 16}` }),
      );
    await Promise.all(wave('a')); // reads the heads
    gated.state.statements = 0;
    const open = gated.state.shut();
    const fired = wave('b');
    await until(() => gated.state.statements === 2); // both sent before either landed
    open();
    await Promise.all(fired);
    expect(gated.state.statements).toBe(2);
    for (let s = 0; s < 16; s++) {
      const records = await log.records({ stream: `s${s}` });
      // each stream's records in call order, whole in one statement
      expect(records.map((r) => r.toolCallId)).toEqual([
        `a${s}`,
        `a${s + 16}`,
        `b${s}`,
        `b${s + 16}`,
      ]);
      expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 4 });
    }
  });

  it('a failed grouped statement rejects every append in it with the store code; the next goes out', async () => {
    const { log, state } = await setup();
    const length = (await log.head()).length;
    state.statements = 0;
    const open = state.shut();
    const first = log.append(event('proposed', 'f0'));
    await until(() => state.statements === 1);
    const grouped = [log.append(event('proposed', 'f1')), log.append(event('decided', 'f1'))];
    state.failing = 1; // only the statement in flight fails
    open();
    const error = await first.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SqlStoreError', code: 'store_unavailable' });
    // prefix durability: held behind it, they reject with its error and never go out
    for (const p of grouped) await expect(p).rejects.toBe(error);
    expect(state.statements).toBe(1);
    expect((await log.head()).length).toBe(length);
    expect((await log.append(event('proposed', 'f2'))).seq).toBe(length);
  });

  it('without executedLingerMs an executed record goes out at once', async () => {
    const { log, state } = await setup();
    await log.append(event('proposed', 'n0'));
    state.statements = 0;
    const executed = log.append(event('executed', 'n0'));
    await until(() => state.statements === 1);
    await executed;
  });

  it('executedLingerMs must be an integer from 0 to 1000', async () => {
    const { db } = gatedDb(await freshPGliteSchema(await shared.get()));
    for (const executedLingerMs of [-1, 1.5, 1001, Number.NaN]) {
      await expectCode(async () => createSqlAuditLog(db, { executedLingerMs }), 'invalid_option');
    }
  });
});

describe('executedLingerMs (PGlite)', () => {
  it("writes a call's executed record with the next call's records, in one statement and in order", async () => {
    const { log, state } = await setup({ linger: 5 });
    await log.append(event('proposed', 'c0'));
    state.statements = 0;
    const executed = log.append(event('executed', 'c0'));
    await new Promise((r) => setImmediate(r));
    expect(state.statements).toBe(0); // held
    const proposed = log.append(event('proposed', 'c1'));
    const decided = log.append(event('decided', 'c1'));
    await Promise.all([executed, proposed, decided]);
    expect(state.statements).toBe(1);
    const records = await log.records();
    expect(order(records)).toEqual(['proposed:c0', 'executed:c0', 'proposed:c1', 'decided:c1']);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
  });

  it('writes a held executed record by itself after the linger time; reads and flush write it', async () => {
    const { log, state } = await setup({ linger: 5 });
    const before = (await log.append(event('proposed', 'c2'))).seq + 1;
    state.statements = 0;
    const record = await log.append(event('executed', 'c2')); // nothing else: the timer writes it
    expect(record.seq).toBe(before);
    expect(state.statements).toBe(1);
    const held = log.append(event('executed', 'c3'));
    expect((await log.records({ fromSeq: before })).map((r) => r.toolCallId)).toEqual(['c2', 'c3']);
    await held;
    const last = log.append(event('executed', 'c4'));
    await log.flush();
    expect(await settledYet(last)).toBe(true);
  });

  it("rejects the held record's append with the store's error when its statement fails", async () => {
    const { log, state } = await setup({ linger: 5 });
    const length = (await log.head()).length;
    state.failing = 1;
    await expect(log.append(event('executed', 'c5'))).rejects.toMatchObject({
      code: 'store_unavailable',
    });
    expect((await log.head()).length).toBe(length);
  });

  it('with streams, a held executed record rides with the next record of any stream', async () => {
    const gated = gatedDb(await freshPGliteSchema(await shared.get()));
    const log = createSqlAuditLog(gated.db, { stream: 'agent', executedLingerMs: 5 });
    await log.append({ ...event('proposed', 's0'), agent: 'a' }); // reads the head
    await log.append({ ...event('proposed', 's1'), agent: 'b' });
    gated.state.statements = 0;
    const executed = log.append({ ...event('executed', 's0'), agent: 'a' });
    await new Promise((r) => setImmediate(r));
    expect(gated.state.statements).toBe(0);
    await Promise.all([executed, log.append({ ...event('decided', 's1'), agent: 'b' })]);
    expect(gated.state.statements).toBe(1);
    expect(order(await log.records({ stream: 'a' }))).toEqual(['proposed:s0', 'executed:s0']);
    expect(order(await log.records({ stream: 'b' }))).toEqual(['proposed:s1', 'decided:s1']);
  });
});
