import { type AuditEvent, verifyAuditChain, verifyAuditStreams } from '@argseal/core/store';
import { expectCode } from '@argseal/test-kit';
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

const event = (agent: string | undefined, i: number): AuditEvent => ({
  type: 'executed',
  tool: 'refund',
  ...(agent === undefined ? {} : { agent }),
  toolCallId: `${agent ?? 'main'}-${i}`,
});

/** `workers` appenders over `agents` streams (and a few main-chain events), then a checkpoint. */
async function fill(db: SqlQueryable, workers: number, per: number, agents: number) {
  const log = createSqlAuditLog(db, { stream: 'agent', checkpointEvery: 0 });
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; i < per; i++)
        await log.append(event(`agent-${(w + i) % agents}`, w * per + i));
    }),
  );
  await log.append(event(undefined, 0));
  await log.checkpoint();
  return log;
}

async function checkStreams(db: SqlQueryable, workers: number, per: number, agents: number) {
  const log = await fill(db, workers, per, agents);
  const heads = await log.streams();
  expect(heads.map((h) => h.stream)).toEqual(
    Array.from({ length: agents }, (_, a) => `agent-${a}`).sort(),
  );
  let total = 0;
  for (const head of heads) {
    const records = await log.records({ stream: head.stream });
    total += records.length;
    // each stream alone: gapless, linked, its head row, every record its own
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i));
    expect(records.every((r) => r.stream === head.stream && r.agent === head.stream)).toBe(true);
    expect(await verifyAuditChain(records, { expectedHead: head })).toMatchObject({ ok: true });
  }
  expect(total).toBe(workers * per);
  const ids = new Set<string>();
  for (const h of heads)
    for (const r of await log.records({ stream: h.stream })) ids.add(r.toolCallId as string);
  expect(ids.size).toBe(workers * per);
  const main = await log.records();
  expect(main.map((r) => r.type)).toEqual(['executed', 'checkpoint']);
  expect(await verifyAuditStreams(log, { pageSize: 5 })).toMatchObject({
    ok: true,
    main: { length: 2 },
    checkpoints: 1,
  });
  return log;
}

describe('PGlite: audit streams', () => {
  const shared = sharedPGlite();
  afterAll(() => shared.close());

  it('32 appenders over 6 agent streams: every stream verifies alone and with the checkpoint', async () => {
    await checkStreams(await freshPGliteSchema(await shared.get()), 32, 3, 6);
  });

  it('tampering in a stream is found there; a stream cut with its head row behind the checkpoint', async () => {
    const db = await freshPGliteSchema(await shared.get());
    const log = await fill(db, 4, 5, 2);
    await db.query(
      `UPDATE argseal_audit_stream_records SET body = replace(body, '"tool":"refund"', '"tool":"wipe"')
        WHERE stream = 'agent-1' AND seq = 3`,
    );
    expect(await verifyAuditStreams(log)).toEqual({
      ok: false,
      stream: 'agent-1',
      index: 3,
      reason: 'hash_mismatch',
    });
    // the attacker cuts agent-0 and moves its head row back consistently
    const [kept] = (
      await db.query(
        `SELECT hash FROM argseal_audit_stream_records WHERE stream = 'agent-0' AND seq = 4`,
      )
    ).rows as { hash: string }[];
    await db.query(`DELETE FROM argseal_audit_stream_records WHERE stream = 'agent-0' AND seq > 4`);
    await db.query(
      `UPDATE argseal_audit_streams SET next_seq = 5, hash = $1 WHERE stream = 'agent-0'`,
      [kept!.hash],
    );
    await db.query(
      `UPDATE argseal_audit_stream_records SET body = replace(body, '"tool":"wipe"', '"tool":"refund"')`,
    );
    expect(
      await verifyAuditChain(await log.records({ stream: 'agent-0' }), {
        expectedHead: (await log.streams()).find((h) => h.stream === 'agent-0')!,
      }),
    ).toMatchObject({ ok: true, length: 5 });
    expect(await verifyAuditStreams(log)).toEqual({
      ok: false,
      stream: 'agent-0',
      index: 5,
      reason: 'truncated',
    });
  });

  it('checkpointEvery appends checkpoints on its own; the main chain stays one chain', async () => {
    const db = await freshPGliteSchema(await shared.get());
    const log = createSqlAuditLog(db, { stream: (e) => e.agent, checkpointEvery: 4 });
    for (let i = 0; i < 13; i++) await log.append(event(`t${i % 3}`, i));
    await new Promise((r) => setTimeout(r, 50));
    const main = await log.records();
    expect(main.filter((r) => r.type === 'checkpoint').length).toBe(3);
    expect(await verifyAuditStreams(log)).toMatchObject({ ok: true, checkpoints: 3 });
    expect(await log.head()).toMatchObject({ length: main.length });
  });

  it('bad stream keys and options are refused with exact codes; nothing is stored', async () => {
    const db = await freshPGliteSchema(await shared.get());
    for (const key of ['', 'x'.repeat(201), 'a\nb', '\ud800', 7, null]) {
      const log = createSqlAuditLog(db, { stream: () => key as string });
      await expectCode(() => log.append({ type: 'executed' }), 'invalid_audit_stream');
    }
    const throwing = createSqlAuditLog(db, {
      stream: () => {
        throw new Error('secret payload');
      },
    });
    const error = await expectCode(
      () => throwing.append({ type: 'executed' }),
      'invalid_audit_stream',
    );
    expect(error.message).not.toContain('secret payload');
    const log = createSqlAuditLog(db, { stream: 'agent' });
    await expectCode(
      () => log.append({ type: 'checkpoint', data: { streams: [] } }),
      'invalid_audit_event',
    );
    await expectCode(
      () => log.append({ type: 'executed', agent: 'a', data: { n: 1n } } as never),
      'invalid_audit_event',
    );
    for (const bad of [
      { stream: 'tenant' },
      { stream: 3 },
      { checkpointEvery: -1 },
      { checkpointEvery: 0.5 },
    ]) {
      expect(() => createSqlAuditLog(db, bad as never)).toThrow(
        expect.objectContaining({ code: 'invalid_option' }),
      );
    }
    expect(await log.streams()).toEqual([]);
    expect(await log.records()).toEqual([]);
    expect(
      (await db.query('SELECT count(*)::int AS n FROM argseal_audit_stream_records')).rows,
    ).toEqual([{ n: 0 }]);
    expect(await log.checkpoint()).toBeUndefined(); // no stream has records
  });
});

describePostgres('PostgreSQL: audit streams', (url) => {
  it('64 appenders over 16 streams on a pool of 16 and 2 extra connections: all verify', async () => {
    const fresh = await freshPostgresSchema(url, 16);
    const extra = [new pg.Client(fresh.config), new pg.Client(fresh.config)];
    try {
      await Promise.all(extra.map((c) => c.connect()));
      await Promise.all([fill(fresh.pool, 64, 4, 16), ...extra.map((c) => fill(c, 8, 4, 16))]);
      const log = createSqlAuditLog(fresh.pool, { stream: 'agent' });
      const result = await verifyAuditStreams(log);
      expect(result).toMatchObject({ ok: true, checkpoints: 3 });
      if (!result.ok) return;
      expect(result.streams.reduce((n, s) => n + s.length, 0)).toBe(64 * 4 + 2 * 8 * 4);
    } finally {
      await Promise.all(extra.map((c) => c.end()));
      await fresh.close();
    }
  });

  it('a connection lost mid-batch in a stream leaves every chain valid', async () => {
    const fresh = await freshPostgresSchema(url);
    const doomed = await doomedClient(fresh.config, fresh.pool);
    try {
      let killed = false;
      const log = createSqlAuditLog(doomed.client, {
        stream: 'agent',
        sha256: sha256After(async (text) => {
          if (!killed && text.includes('"toolCallId":"s-3"')) {
            killed = true;
            await doomed.kill();
          }
        }),
      });
      await Promise.all(
        [0, 1, 2].map((i) => log.append({ type: 'executed', agent: 's', toolCallId: `s-${i}` })),
      );
      const lost = await Promise.allSettled(
        [3, 4, 5].map((i) => log.append({ type: 'executed', agent: 's', toolCallId: `s-${i}` })),
      );
      expect(lost.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
      const survivor = createSqlAuditLog(fresh.pool, { stream: 'agent' });
      await survivor.append({ type: 'executed', agent: 's', toolCallId: 's-after' });
      await survivor.checkpoint();
      const records = await survivor.records({ stream: 's' });
      expect(records.map((r) => r.toolCallId)).toEqual(['s-0', 's-1', 's-2', 's-after']);
      expect(await verifyAuditStreams(survivor)).toMatchObject({ ok: true });
    } finally {
      await doomed.end();
      await fresh.close();
    }
  });
});
