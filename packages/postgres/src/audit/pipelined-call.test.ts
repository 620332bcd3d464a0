import { createAuthorizer, defineTool, verifyAuditLog } from '@argseal/core';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshPGliteSchema, sharedPGlite } from '../__fixtures__/databases.js';
import { createSqlAuditLog } from './log.js';

const shared = sharedPGlite();
afterAll(() => shared.close());

describe('the pipeline on the SQL audit log (PGlite)', () => {
  it('one call writes proposed and decided with one statement, executed with the next', async () => {
    const db = await freshPGliteSchema(await shared.get());
    const texts: string[] = [];
    // one connection, every statement seen
    const counted = {
      query: (text: string, params?: unknown[]) => {
        texts.push(text);
        return db.query(text, params);
      },
    };
    const audit = createSqlAuditLog(counted);
    expect(audit.pipelining).toBe('batched');
    expect(audit.durability).toBe('prefix');
    const executed: number[] = [];
    const tool = defineTool({
      name: 'refund',
      schema: z.object({ amount: z.number() }),
      execute: ({ amount }) => {
        // write-ahead: both records are in the table before the tool runs
        executed.push(writes());
        return amount;
      },
    });
    const writes = () => texts.filter((t) => t.includes('INSERT INTO argseal_audit ')).length;
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }), audit });
    expect((await authorizer.call(tool, '{"amount":5}')).status).toBe('executed');
    expect(executed).toEqual([1]);
    expect(writes()).toBe(2);
    expect((await audit.records()).map((r) => r.type)).toEqual(['proposed', 'decided', 'executed']);
    expect(await verifyAuditLog(audit)).toMatchObject({ verification: { ok: true, length: 3 } });
  });

  it('with executedLingerMs, one statement per call: proposed and decided, then executed rides with the next call', async () => {
    const db = await freshPGliteSchema(await shared.get());
    let statements = 0;
    const counted = {
      query: (text: string, params?: unknown[]) => {
        statements += 1;
        return db.query(text, params);
      },
    };
    const audit = createSqlAuditLog(counted, { executedLingerMs: 5 });
    const atExecute: number[] = [];
    let answer: () => void = () => undefined;
    const tool = defineTool({
      name: 'echo',
      schema: z.object({ n: z.number() }),
      execute: (input) => {
        atExecute.push(statements);
        answer(); // like the MCP proxy: the host has its answer before executed is durable
        return input;
      },
    });
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }), audit });
    expect((await authorizer.call(tool, '{"n":0}')).status).toBe('executed'); // reads the head
    await audit.flush();
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
    const records = await audit.records();
    expect(records.slice(-12).map((r) => r.type)).toEqual(
      Array.from({ length: 4 }, () => ['proposed', 'decided', 'executed']).flat(),
    );
    expect(await verifyAuditLog(audit)).toMatchObject({ verification: { ok: true, length: 15 } });
  });
});
