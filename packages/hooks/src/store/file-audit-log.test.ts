import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyAuditChain } from '@argseal/core/store';
import { describe, expect, it } from 'vitest';
import { createFileAuditLog } from './file-audit-log.js';

const file = () => join(mkdtempSync(join(tmpdir(), 'argseal-audit-')), 'audit.jsonl');

describe('createFileAuditLog', () => {
  it('chains records with core hashes (verifyAuditChain agrees)', async () => {
    const path = file();
    const log = createFileAuditLog(path);
    expect(await log.records()).toEqual([]);
    const a = await log.append({
      type: 'proposed',
      tool: 'Bash',
      argsCanonicalJson: '{"command":"ls"}',
    });
    const b = await log.append({ type: 'decided', tool: 'Bash', decision: 'allow' });
    expect([a.seq, b.seq, b.prevHash]).toEqual([1, 2, a.hash]);
    const records = await createFileAuditLog(path).records();
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
    records[0] = { ...(records[0] as (typeof records)[0]), tool: 'Write' };
    expect((await verifyAuditChain(records)).ok).toBe(false);
  });

  it('a corrupt tail is audit_corrupt, and nothing is appended', async () => {
    const path = file();
    const log = createFileAuditLog(path);
    await log.append({ type: 'proposed' });
    appendFileSync(path, '{"seq":2,"seq":3}\n');
    await expect(log.append({ type: 'decided' })).rejects.toMatchObject({ code: 'audit_corrupt' });
    await expect(log.records()).rejects.toMatchObject({ code: 'audit_corrupt' });
  });
});
