import { createAuthorizer, defineTool, verifyAuditLog } from '@argseal/core';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshPGliteSchema, sharedPGlite } from './__fixtures__/databases.js';
import { createSqlAuditLog } from './audit-log.js';

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
});
