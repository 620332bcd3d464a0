import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnknownOptionError } from '@argseal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlApprovalStore } from './approvals/store.js';
import { createSqlAuditLog } from './audit/log.js';
import { type EmbeddedDatabase, openEmbeddedDatabase } from './embedded/database.js';
import { openSharedEmbeddedDatabase } from './embedded/shared.js';
import { createSqlToolPinStore } from './pins/store.js';

let db: EmbeddedDatabase;
const dirs: string[] = [];
beforeAll(async () => {
  db = await openEmbeddedDatabase();
});
afterAll(async () => {
  await db?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

const rows = async (table: string) =>
  Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);

describe('options objects refuse unknown keys at setup (unknown_option)', () => {
  it.each([
    [
      'createSqlApprovalStore',
      () => createSqlApprovalStore(db, { audits: {} } as never),
      'audits',
      'audit',
    ],
    [
      'createSqlApprovalStore',
      () => createSqlApprovalStore(db, { defaultGrantTTLMs: 1 } as never),
      'defaultGrantTTLMs',
      'defaultGrantTtlMs',
    ],
    [
      'createSqlAuditLog',
      () => createSqlAuditLog(db, { sha265: () => '' } as never),
      'sha265',
      'sha256',
    ],
    [
      'createSqlToolPinStore',
      () => createSqlToolPinStore(db, { generateID: () => 'x' } as never),
      'generateID',
      'generateId',
    ],
  ])('%s: unknown key %s names %s; nothing is stored', async (where, fn, option, suggestion) => {
    const e = refusal(fn);
    expect(e).toBeInstanceOf(UnknownOptionError);
    expect(e).toMatchObject({ code: 'unknown_option', where, option, suggestion });
    expect(await rows('argseal_proposals')).toBe(0);
    expect(await rows('argseal_audit')).toBe(0);
  });

  it('the embedded databases refuse unknown keys before creating anything', async () => {
    const root = mkdtempSync(join(tmpdir(), 'argseal-pg-options-'));
    dirs.push(root);
    await expect(
      openEmbeddedDatabase(join(root, 'a'), { relaxedDurabilty: true } as never),
    ).rejects.toMatchObject({
      code: 'unknown_option',
      option: 'relaxedDurabilty',
      suggestion: 'relaxedDurability',
    });
    expect(existsSync(join(root, 'a'))).toBe(false);
    await expect(
      openSharedEmbeddedDatabase(join(root, 'b'), { lockTimeoutMS: 5 } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', suggestion: 'lockTimeoutMs' });
    expect(existsSync(join(root, 'b'))).toBe(false);
    expect(existsSync(join(root, 'b.lock'))).toBe(false);
  });
});
