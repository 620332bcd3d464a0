import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { computeProposalHash, UnknownOptionError } from '@argseal/core';
import { canonicalize, sha256Hex, TOOL_DEFINITION_HASH_PREFIX } from '@argseal/core/data';
import { verifyAuditChain } from '@argseal/core/store';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { describePostgres, tempDir, uniqueSchema } from './__fixtures__/databases.js';
import { acquireEmbeddedLock } from './embedded/lock.js';
import { SqlStoreError } from './errors.js';
import { openStores } from './open-stores.js';

const temps: { remove(): void }[] = [];
afterAll(() => {
  for (const t of temps) t.remove();
});
function freshDir(): string {
  const t = tempDir('argseal-open-stores-');
  temps.push(t);
  return join(t.dir, 'db');
}

async function refusal(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

async function proposal(n: number) {
  const argsCanonicalJson = `{"n":${n}}`;
  const proposalHash = await computeProposalHash({ agent: 'a', tool: 'refund', argsCanonicalJson });
  return {
    id: `p-${n}`,
    agent: 'a',
    tool: 'refund',
    toolCallId: `c-${n}`,
    argsCanonicalJson,
    proposalHash,
    bindingHash: proposalHash,
    parsedArguments: { n },
    reason: 'test',
    createdAt: new Date().toISOString(),
  };
}

describe('openStores: bad input is refused before anything is opened', () => {
  const dir = freshDir();
  it.each([
    ['no location', undefined, 'invalid_option'],
    ['a string', 'postgres://x', 'invalid_option'],
    ['an array', [], 'invalid_option'],
    ['neither key', {}, 'invalid_option'],
    ['both keys', { databaseUrl: 'postgres://127.0.0.1:1/x', dataDir: dir }, 'invalid_option'],
    ['an empty URL', { databaseUrl: '' }, 'invalid_option'],
    ['a directory that is not a string', { dataDir: 7 }, 'invalid_option'],
    ['an unknown key', { dataDir: dir, datadir: dir }, 'unknown_option'],
  ])('%s: %s', async (_, location, code) => {
    const error = await refusal(() => openStores(location as never));
    expect(error).toMatchObject({ code });
    if (code === 'invalid_option') expect(SqlStoreError.isInstance(error)).toBe(true);
    else expect(error).toBeInstanceOf(UnknownOptionError);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it.each([
    ['options that are not an object', 'fast', 'invalid_option'],
    ['an unknown option', { pool: 2 }, 'unknown_option'],
    ['an unknown audit option', { audit: { lingerMs: 5 } }, 'unknown_option'],
    ['a bad audit value', { audit: { executedLingerMs: -1 } }, 'invalid_option'],
    ['an unknown embedded option', { embedded: { lockTimeout: 5 } }, 'unknown_option'],
    ['poolMax with a directory', { poolMax: 2 }, 'invalid_option'],
  ])('%s', async (_, options, code) => {
    const error = await refusal(() => openStores({ dataDir: dir }, options as never));
    expect(error).toMatchObject({ code });
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it.each([
    ['poolMax 0', { poolMax: 0 }],
    ['poolMax 1.5', { poolMax: 1.5 }],
    ['embedded options with a URL', { embedded: { lockTimeoutMs: 10 } }],
  ])('a URL with %s: invalid_option', async (_, options) => {
    const error = await refusal(() =>
      openStores({ databaseUrl: 'postgres://127.0.0.1:1/none' }, options as never),
    );
    expect(error).toMatchObject({ code: 'invalid_option' });
  });

  it('an unreachable PostgreSQL: store_unavailable, naming host and path, never the password', async () => {
    const error = await refusal(() =>
      openStores({ databaseUrl: 'postgres://alice:s3cret-pw@127.0.0.1:1/argseal?sslmode=disable' }),
    );
    expect(error).toMatchObject({ code: 'store_unavailable' });
    expect(SqlStoreError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('127.0.0.1:1/argseal');
    expect(message).not.toContain('s3cret');
    expect(message).not.toContain('alice');
  });

  it('a directory another live process holds: store_locked after the timeout, nothing created', async () => {
    const held = freshDir();
    const lock = await acquireEmbeddedLock(`${held}.lock`, 1000);
    try {
      const error = await refusal(() =>
        openStores({ dataDir: held }, { embedded: { lockTimeoutMs: 150 } }),
      );
      expect(error).toMatchObject({ code: 'store_locked' });
      expect(existsSync(held)).toBe(false);
    } finally {
      await lock.release();
    }
  });
});

describe('openStores: an embedded directory', { timeout: 60_000 }, () => {
  it('opens the three stores in one migrated database; decisions reach its audit log', async () => {
    const dir = freshDir();
    const stores = await openStores({ dataDir: dir });
    try {
      expect(stores.kind).toBe('embedded');
      expect(stores.description).toBe(`embedded PGlite in ${dir}`);
      const p = await proposal(1);
      await stores.approvals.suspend(p);
      await stores.approvals.decide(p.proposalHash, { decision: 'approve', approver: 'bob' });
      expect(await stores.approvals.consume(p.bindingHash, { agent: 'a' })).toMatchObject({
        ok: true,
      });
      const definitionJson = canonicalize({ name: 't', inputSchema: { type: 'object' } });
      const definitionHash = await sha256Hex(TOOL_DEFINITION_HASH_PREFIX + definitionJson);
      const { record } = await stores.pins.observe(
        { agent: 'a', server: 's', tool: 't' },
        { definitionHash, definitionJson },
      );
      await stores.pins.decide(record.id, { decision: 'approve', approver: 'bob' });
      const types = (await stores.audit.records()).map((r) => r.type);
      expect(types).toContain('approval_granted');
      expect(types.some((t) => t.startsWith('tool_definition'))).toBe(true);
      expect(await verifyAuditChain(await stores.audit.records())).toMatchObject({ ok: true });
    } finally {
      await stores.close();
      await stores.close(); // idempotent
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('two openings of one directory take turns through its lock: one chain, both writers', async () => {
    const dir = freshDir();
    const a = await openStores({ dataDir: dir }, { embedded: { minHoldMs: 0 } });
    const b = await openStores({ dataDir: dir }, { embedded: { minHoldMs: 0 } });
    try {
      await a.audit.append({ type: 'executed', tool: 'x', toolCallId: 'from-a' });
      await b.audit.append({ type: 'executed', tool: 'x', toolCallId: 'from-b' });
      await a.audit.append({ type: 'executed', tool: 'x', toolCallId: 'from-a-2' });
      const records = await b.audit.records();
      expect(records.map((r) => r.toolCallId)).toEqual(['from-a', 'from-b', 'from-a-2']);
      expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 3 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describePostgres('openStores: a PostgreSQL URL', (url) => {
  it('opens the stores on a pool, migrated; close ends the pool', async () => {
    const schema = uniqueSchema();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    try {
      const stores = await openStores({ databaseUrl: withSchema.toString() }, { poolMax: 2 });
      expect(stores.kind).toBe('postgres');
      expect(stores.description).toMatch(/^PostgreSQL at postgres:\/\/127\.0\.0\.1/);
      const p = await proposal(2);
      await stores.approvals.suspend(p);
      await stores.audit.append({ type: 'executed', tool: 'refund', toolCallId: 'c-2' });
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${schema}.argseal_audit`);
      expect(rows[0].n).toBe((await stores.audit.records()).length);
      await stores.close();
      await expect(stores.db.query('SELECT 1')).rejects.toThrow();
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
