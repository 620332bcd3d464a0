import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from '../__fixtures__/databases.js';
import { SqlStoreError } from '../errors.js';
import type { SqlQueryable } from '../sql/db.js';
import { createSqlExecutionLedger } from './execution-ledger.js';

const HASH = 'b'.repeat(64);
const executed = { status: 'executed', proposalHash: HASH, result: { ok: 1 } } as const;

function ledgerCases(open: () => Promise<{ db: SqlQueryable; close(): Promise<void> }>) {
  it('start is first-wins, settle records the outcome once, get reads it back', async () => {
    const { db, close } = await open();
    try {
      const ledger = createSqlExecutionLedger({ db });
      await ledger.ensureSchema();
      await ledger.ensureSchema(); // idempotent
      expect(await ledger.get('run:1')).toBeUndefined();
      expect(await ledger.start('run:1', HASH)).toBeUndefined();
      expect(await ledger.start('run:1', HASH)).toEqual({ state: 'running', bindingHash: HASH });
      await ledger.settle('run:1', executed);
      expect(await ledger.get('run:1')).toEqual({
        state: 'settled',
        bindingHash: HASH,
        outcome: executed,
      });
      expect(await ledger.start('run:1', HASH)).toMatchObject({ state: 'settled' });
      await expect(ledger.settle('run:1', executed)).rejects.toMatchObject({
        code: 'ledger_conflict',
      });
      await expect(ledger.settle('never-started', executed)).rejects.toMatchObject({
        code: 'ledger_conflict',
      });
      expect(await ledger.get('never-started')).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('records, lists and forgets waits per proposal', async () => {
    const { db, close } = await open();
    try {
      const ledger = createSqlExecutionLedger({ db });
      await ledger.ensureSchema();
      await ledger.addWait(HASH, 'wf-1');
      await ledger.addWait(HASH, 'wf-1');
      await ledger.addWait(HASH, 'wf-2');
      expect((await ledger.waitsFor(HASH)).sort()).toEqual(['wf-1', 'wf-2']);
      await ledger.removeWait(HASH, 'wf-1');
      expect(await ledger.waitsFor(HASH)).toEqual(['wf-2']);
      expect(await ledger.waitsFor('c'.repeat(64))).toEqual([]);
    } finally {
      await close();
    }
  });
}

describe('createSqlExecutionLedger on PGlite', () => {
  ledgerCases(async () => {
    const db = await PGlite.create();
    return { db, close: () => db.close() };
  });
});

describePostgres('createSqlExecutionLedger on PostgreSQL', (url) => {
  ledgerCases(async () => {
    const fresh = await freshPostgresSchema(url, 2);
    return { db: fresh.pool, close: fresh.close };
  });
});

describe('createSqlExecutionLedger bad input', () => {
  it.each([
    ['no options', undefined],
    ['no db', {}],
    ['a db without query', { db: {} }],
    ['an unknown key', { db: { query: async () => ({ rows: [] }) }, pool: 1 }],
  ])('refuses %s with invalid_option', (_label, options) => {
    let caught: unknown;
    try {
      createSqlExecutionLedger(options as never);
    } catch (error) {
      caught = error;
    }
    expect(SqlStoreError.isInstance(caught)).toBe(true);
    expect((caught as SqlStoreError).code).toBe('invalid_option');
  });

  it('a failing database is ledger_unavailable, without the statement parameters', async () => {
    const ledger = createSqlExecutionLedger({
      db: {
        query: async () => {
          throw new Error('connection refused');
        },
      },
    });
    const error = await ledger.start('wf:1', 'a'.repeat(64)).catch((e: unknown) => e);
    expect(SqlStoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ledger_unavailable' });
    expect(String((error as Error).message)).not.toContain('aaaa');
    await expect(ledger.ensureSchema()).rejects.toMatchObject({ code: 'ledger_unavailable' });
  });
});
