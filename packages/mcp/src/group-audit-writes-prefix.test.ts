import { createAuthorizer, defineTool } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { createSqlAuditLog, openEmbeddedDatabase, type SqlQueryable } from '@argseal/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent } from './__fixtures__/audit-event.js';
import { until } from './__fixtures__/until.js';
import { groupAuditWrites } from './group-audit-writes.js';
import { jsonSchemaStandard } from './json-schema-standard.js';

const event = auditEvent;

describe('groupAuditWrites keeps prefix durability (embedded PGlite)', () => {
  let db: SqlQueryable & { close(): Promise<void> };
  let statements = 0;
  /** Statements still to fail (then the database works again). */
  let failing = 0;
  let gate: Promise<void> | undefined;
  const counted: SqlQueryable = {
    async query(text: string, params?: unknown[]) {
      statements += 1;
      if (gate) await gate;
      if (failing > 0) {
        failing -= 1;
        throw Object.assign(new Error('disk full'), { code: '53100' });
      }
      return db.query(text, params as never);
    },
  } as SqlQueryable;

  beforeAll(async () => {
    db = await openEmbeddedDatabase();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('a failed write rejects the appends held behind it with its error, even when the store is back', async () => {
    const log = groupAuditWrites(createSqlAuditLog(counted), { serial: true });
    expect(log.durability).toBe('prefix');
    const length = (await log.head()).length;
    statements = 0;
    let open!: () => void;
    gate = new Promise<void>((r) => {
      open = r;
    });
    const first = log.append(event('proposed', 'h0')).catch((e: unknown) => e);
    await until(() => statements === 1);
    const held = [log.append(event('proposed', 'h1')), log.append(event('decided', 'h1'))];
    failing = 1; // only the statement in flight fails
    gate = undefined;
    open();
    const error = await first;
    expect(error).toMatchObject({ name: 'SqlStoreError', code: 'store_unavailable' });
    for (const p of held) await expect(p).rejects.toBe(error);
    expect(statements).toBe(1); // the held records never went out
    expect((await log.head()).length).toBe(length);
    const after = await log.append(event('proposed', 'h2'));
    expect(after.seq).toBe(length);
  });

  it("core's pipeline on it: a call's proposed and decided share one statement, executed rides with the next call", async () => {
    const log = groupAuditWrites(createSqlAuditLog(counted), { serial: true });
    const atExecute: number[] = [];
    let answer: () => void = () => undefined;
    const tool = defineTool({
      name: 'fx/echo',
      schema: jsonSchemaStandard('fx/echo', { type: 'object' }),
      execute: (input) => {
        atExecute.push(statements);
        answer(); // the proxy answers the host when the upstream answers
        return input;
      },
    });
    const authorizer = createAuthorizer({
      agent: 'mcp',
      policy: () => ({ type: 'allow' }),
      audit: log,
    });
    expect((await authorizer.call(tool, '{"n":0}')).status).toBe('executed'); // reads the head
    await log.flush();
    statements = 0;
    const outcomes: Promise<{ status: string }>[] = [];
    for (let n = 1; n <= 4; n++) {
      // the host sends the next call once it has the answer to this one
      const answered = new Promise<void>((r) => {
        answer = r;
      });
      outcomes.push(authorizer.call(tool, `{"n":${n}}`));
      await answered;
    }
    expect((await Promise.all(outcomes)).map((o) => o.status)).toEqual(Array(4).fill('executed'));
    // write-ahead: each call's records are committed before its tool runs, one statement each
    expect(atExecute.slice(1)).toEqual([1, 2, 3, 4]);
    // plus one for the last call's executed record (alone, after the linger time)
    expect(statements).toBe(5);
    const records = await log.records();
    expect(records.slice(-12).map((r) => r.type)).toEqual(
      Array.from({ length: 4 }, () => ['proposed', 'decided', 'executed']).flat(),
    );
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
  });
});
