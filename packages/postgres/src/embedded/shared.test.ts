import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyAuditChain } from '@argseal/core/store';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqlApprovalStore } from '../approvals/store.js';
import { createSqlAuditLog } from '../audit/log.js';
import { acquireEmbeddedLock } from './lock.js';
import { openSharedEmbeddedDatabase } from './shared.js';

const WRITER = fileURLToPath(new URL('../__fixtures__/shared-writer.mjs', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'argseal-shared-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function writer(config: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, JSON.stringify(config)], { stdio: 'pipe' });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`writer exit ${code}: ${err}`)),
    );
  });
}

describe('openSharedEmbeddedDatabase: one directory, several processes', {
  timeout: 180_000,
}, () => {
  it('two processes and this one write the same directory at once; one intact chain', async () => {
    const dir = join(tempDir(), 'db');
    const mine = await openSharedEmbeddedDatabase(dir);
    const audit = createSqlAuditLog(mine);
    await audit.append({ type: 'proposed', agent: 'main', tool: 't' });
    const [a, b] = await Promise.all([
      writer({ dir, writer: 'a', count: 4, gapMs: 30 }),
      writer({ dir, writer: 'b', count: 4, gapMs: 30 }),
      (async () => {
        for (let i = 0; i < 4; i++) {
          await audit.append({ type: 'executed', agent: 'main', tool: 't', data: { i } });
          await new Promise((r) => setTimeout(r, 60));
        }
      })(),
    ]);
    expect([a, b]).toEqual(['done\n', 'done\n']);
    const records = await audit.records();
    expect(records).toHaveLength(13);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => records[0]!.seq + i));
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
    const agents = records.map((r) => r.agent);
    expect(agents.filter((x) => x === 'a')).toHaveLength(4);
    expect(agents.filter((x) => x === 'b')).toHaveLength(4);
    const store = createSqlApprovalStore(mine, { audit });
    const pending = await store.listProposals({ status: 'pending' });
    expect(pending.map((p) => p.agent).sort()).toEqual([...'aaaabbbb']);
    await mine.close();
  });

  it('waits for a live holder up to the timeout (store_locked); breaks a dead holder lock', async () => {
    const dir = join(tempDir(), 'db');
    const held = await acquireEmbeddedLock(`${dir}.lock`, 1000);
    await expect(openSharedEmbeddedDatabase(dir, { lockTimeoutMs: 150 })).rejects.toMatchObject({
      name: 'SqlStoreError',
      code: 'store_locked',
    });
    await held.release();
    await held.release();
    writeFileSync(`${dir}.lock`, '999999999\n'); // no such process
    const db = await openSharedEmbeddedDatabase(dir, { lockTimeoutMs: 5000 });
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/closed/);
  });
});
