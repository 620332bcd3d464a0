import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyAuditLog } from '@argseal/core';
import { describePostgres } from '@argseal/test-kit';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { freshDatabase, operator, refundArgs, startWorker } from './__fixtures__/harness.js';

/** The real `argseal` entry point of this checkout (packages/cli, built by `pnpm build`). */
const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));

function argseal(
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describePostgres(
  'argseal approve wakes a waiting DBOS workflow (real CLI, real worker)',
  (adminUrl) => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let op: Awaited<ReturnType<typeof operator>> | undefined;
    beforeEach(async () => {
      db = await freshDatabase(adminUrl);
    });
    afterEach(async () => {
      await op?.close();
      op = undefined;
      await db.drop();
    });

    it('the decision wakes the workflow through DBOS send: the tool runs once, the chain verifies', async () => {
      // the workflow waits a day: only a wake-up ends it within the test
      const worker = startWorker({
        DATABASE_URL: db.url,
        WORKFLOW_ID: 'refund-cli-1',
        ARGS: refundArgs(50_000),
        MODE: 'start',
      });
      op = await operator(db.url);
      const [proposal] = await op.pending();
      const dir = mkdtempSync(join(tmpdir(), 'argseal-dbos-cli-'));
      const configPath = join(dir, 'hook.json');
      writeFileSync(
        configPath,
        JSON.stringify({
          store: { type: 'postgres', url: db.url },
          wake: { engine: 'dbos', url: db.url },
        }),
      );
      // the workflow records its wait after the proposal is stored: wait for it, so the CLI's
      // decision is what wakes it (a decision before the wait is read by the workflow itself)
      let waiting: string[] = [];
      for (let i = 0; i < 600 && waiting.length === 0; i++) {
        waiting = await op.ledger.waitsFor(proposal!.proposalHash);
        if (waiting.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(waiting).toEqual(['refund-cli-1']);

      const approved = await argseal([
        'approve',
        proposal!.id,
        '--config',
        configPath,
        '--approver',
        'ann',
      ]);
      // (DBOS 5.3's client.send makes pg 8 print a DeprecationWarning: upstream, not ours)
      expect(approved.stderr).not.toMatch(/^(error|warning):/mu);
      expect(approved.status).toBe(0);
      expect(approved.stdout).toMatch(new RegExp(`^approved ${proposal!.id}  refund `, 'u'));

      const { outcome } = await worker.done;
      expect(outcome).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
      expect(await op.refunds()).toEqual([
        { workflow_id: 'refund-cli-1', order_id: 'ord_1', amount: 50_000 },
      ]);
      const verified = await verifyAuditLog(op.audit);
      expect(verified.verification.ok).toBe(true);
      const kinds = (await op.audit.records()).map((r) => r.type);
      expect(kinds.filter((k) => k === 'executed')).toHaveLength(1);
    });
  },
);
