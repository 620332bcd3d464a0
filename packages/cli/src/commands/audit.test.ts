import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openConsoleStorage } from '@argseal/console';
import type { AuditRecord } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { createSqlAuditLog, openEmbeddedDatabase } from '@argseal/postgres';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../__fixtures__/capture-io.js';
import { runCli } from '../run-cli.js';

const io = (cwd: string) => captureIo(cwd);

async function appendEvents(dir: string, n: number, from = 0) {
  const storage = await openConsoleStorage({ storage: 'embedded', dataDir: dir });
  for (let i = from; i < from + n; i++)
    await storage.audit.append({ type: 'executed', tool: 'refund', toolCallId: `c${i}` });
  await storage.close();
}

describe('argseal audit (embedded directory)', { timeout: 120_000 }, () => {
  // One migrated, empty console store made once; each test starts from a copy of it in
  // `data/`. Creating an embedded database (initdb + migrations) costs seconds; copying the
  // closed directory and opening it, a fraction of that. Every test still gets its own.
  let template: string;
  beforeAll(async () => {
    template = join(mkdtempSync(join(tmpdir(), 'argseal-cli-audit-template-')), 'data');
    await (await openConsoleStorage({ storage: 'embedded', dataDir: template })).close();
  }, 120_000); // the creation the tests did themselves, under their 120 s budget
  afterAll(() => rmSync(dirname(template), { recursive: true, force: true }));
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'argseal-cli-audit-'));
    cpSync(template, join(dir, 'data'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('verify prints the head; regression: a truncated tail fails with audit/truncated', async () => {
    await appendEvents(join(dir, 'data'), 5);
    const ok = io(dir);
    expect(await runCli(['audit', 'verify', '--data-dir', 'data'], ok.io)).toBe(0);
    const head = /^head (5:[0-9a-f]{64})$/m.exec(ok.out.join(''))?.[1];
    expect(head).toBeDefined();
    // one counting convention with the console: records 0–4, the head is record 4
    expect(ok.out.join('')).toMatch(
      /^ok: 5 records verify \(.*, records 0–4, head at record 4\)$/m,
    );
    expect(ok.err).toEqual([]);

    // the attacker deletes the last two rows; the chain that is left still links up
    const db = await openEmbeddedDatabase(join(dir, 'data'));
    await db.query('DELETE FROM argseal_audit WHERE seq >= 3');
    await db.close();
    const cut = io(dir);
    expect(await runCli(['audit', 'verify', '--data-dir', 'data'], cut.io)).toBe(1);
    expect(cut.err.join('')).toBe('error: audit/truncated at record 3\n');
    expect(cut.out).toEqual([]);
  });

  it('--expect-head: a grown chain passes, another head fails with head_mismatch', async () => {
    await appendEvents(join(dir, 'data'), 3);
    const first = io(dir);
    await runCli(['audit', 'verify', '--data-dir', 'data'], first.io);
    const head = /^head (\S+)$/m.exec(first.out.join(''))![1]!;
    await appendEvents(join(dir, 'data'), 2, 3);
    const grown = io(dir);
    expect(
      await runCli(['audit', 'verify', '--data-dir', 'data', '--expect-head', head], grown.io),
    ).toBe(0);
    expect(grown.out.join('')).toMatch(/^head 5:/m);
    const forged = io(dir);
    const other = `3:${'a'.repeat(64)}`;
    expect(
      await runCli(['audit', 'verify', '--data-dir', 'data', '--expect-head', other], forged.io),
    ).toBe(1);
    expect(forged.err.join('')).toBe('error: audit/head_mismatch at record 2\n');
    const bad = io(dir);
    expect(
      await runCli(['audit', 'verify', '--data-dir', 'data', '--expect-head', 'x'], bad.io),
    ).toBe(64);
    expect(bad.err.join('')).toContain('usage/invalid_head');
  });

  it('export writes the chain as JSONL that verifies', async () => {
    await appendEvents(join(dir, 'data'), 4);
    const x = io(dir);
    expect(
      await runCli(['audit', 'export', '--data-dir', 'data', '--out', 'audit.jsonl'], x.io),
    ).toBe(0);
    const lines = readFileSync(join(dir, 'audit.jsonl'), 'utf8').trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l) as AuditRecord);
    expect(records.map((r) => r.seq)).toEqual([0, 1, 2, 3]);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 4 });
    const toStdout = io(dir);
    expect(await runCli(['audit', 'export', '--data-dir', 'data'], toStdout.io)).toBe(0);
    expect(toStdout.out.join('')).toBe(`${lines.join('\n')}\n`);
  });

  it('verify checks audit streams and their checkpoints; a cut stream fails naming it', async () => {
    await appendEvents(join(dir, 'data'), 2);
    const db = await openEmbeddedDatabase(join(dir, 'data'));
    const log = createSqlAuditLog(db, { stream: 'agent', checkpointEvery: 0 });
    for (let i = 0; i < 6; i++)
      await log.append({ type: 'executed', agent: `agent-${i % 2}`, toolCallId: `s${i}` });
    await log.checkpoint();
    await db.close();
    const ok = io(dir);
    expect(await runCli(['audit', 'verify', '--data-dir', 'data'], ok.io)).toBe(0);
    const out = ok.out.join('');
    expect(out).toMatch(/^ok: 3 records verify/m);
    expect(out).toMatch(/^streams: 2 \(6 records\) verify, bound by 1 checkpoints$/m);
    expect(out).toMatch(/^stream "agent-0" 3:[0-9a-f]{64}$/m);
    expect(out).toMatch(/^head 3:[0-9a-f]{64}$/m);
    const x = io(dir);
    expect(await runCli(['audit', 'export', '--data-dir', 'data'], x.io)).toBe(0);
    const exported = x.out
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditRecord);
    expect(exported.map((r) => r.stream ?? '')).toEqual([
      '',
      '',
      '',
      'agent-0',
      'agent-0',
      'agent-0',
      'agent-1',
      'agent-1',
      'agent-1',
    ]);

    // the attacker removes a stream's last record and moves its head row back
    const again = await openEmbeddedDatabase(join(dir, 'data'));
    await again.query(
      `DELETE FROM argseal_audit_stream_records WHERE stream = 'agent-1' AND seq = 2`,
    );
    await again.query(
      `UPDATE argseal_audit_streams SET next_seq = 2, hash = (SELECT hash FROM argseal_audit_stream_records WHERE stream = 'agent-1' AND seq = 1) WHERE stream = 'agent-1'`,
    );
    await again.close();
    const cut = io(dir);
    expect(await runCli(['audit', 'verify', '--data-dir', 'data'], cut.io)).toBe(1);
    expect(cut.err.join('')).toBe('error: audit/truncated at record 2 of stream "agent-1"\n');
    expect(cut.out).toEqual([]);
  });

  it('usage errors: no action, a missing directory (nothing is created)', async () => {
    const none = io(dir);
    expect(await runCli(['audit'], none.io)).toBe(64);
    expect(none.err.join('')).toContain('usage/missing_action');
    const missing = io(dir);
    expect(await runCli(['audit', 'verify', '--data-dir', 'nope'], missing.io)).toBe(64);
    expect(missing.err.join('')).toBe(
      `error: usage/audit_store_missing no embedded console data directory at "${join(dir, 'nope')}" (pass --data-dir DIR or --database-url URL)\n`,
    );
    expect(() => readFileSync(join(dir, 'nope'))).toThrow();
  });
});
