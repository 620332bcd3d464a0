import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from './database.js';

const root = mkdtempSync(join(tmpdir(), 'argseal-embedded-dirs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('openEmbeddedDatabase directories', () => {
  it('creates a missing directory with its parents (e.g. .argseal/db on a fresh checkout)', async () => {
    const dir = join(root, 'not', 'there', 'yet');
    expect(existsSync(dir)).toBe(false);
    const db = await openEmbeddedDatabase(dir);
    try {
      const { rows } = await db.query('select count(*)::int as n from argseal_proposals', []);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
    expect(existsSync(dir)).toBe(true);
  });
});
