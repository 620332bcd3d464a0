import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyAuditLog } from '@argseal/core';
import { describePostgres } from '@argseal/test-kit';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { refundArgs } from './__fixtures__/refund-app.js';
import {
  freshWorld,
  migratePostgresWorld,
  startWorker,
  type Worker,
} from './__fixtures__/worker-harness.js';

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
  'argseal approve resumes a waiting Workflow DevKit run (real CLI, PostgreSQL world worker)',
  (adminUrl) => {
    let db: Awaited<ReturnType<typeof freshWorld>>;
    const workers: Worker[] = [];
    beforeEach(async () => {
      db = await freshWorld(adminUrl);
      await migratePostgresWorld(db.url);
    });
    afterEach(async () => {
      for (const w of workers.splice(0)) {
        w.child.kill('SIGKILL');
        await w.exited;
      }
      await db.drop();
    });

    it('the decision resumes the hook through resumeHook: the tool runs once, the chain verifies', async () => {
      const port = 45_000 + Math.floor(Math.random() * 2000);
      const worker = startWorker({
        DATABASE_URL: db.url,
        WORLD: 'postgres',
        ARGS: refundArgs(50_000),
        MODE: 'start',
        PORT: String(port),
      });
      workers.push(worker);
      await worker.next('waiting');
      const [hash] = await db.pending();
      const { rows } = await db.pool.query(
        "SELECT id FROM argseal_proposals WHERE proposal_hash = $1 AND status = 'pending'",
        [hash],
      );
      const dir = mkdtempSync(join(tmpdir(), 'argseal-wf-cli-'));
      const configPath = join(dir, 'hook.json');
      writeFileSync(
        configPath,
        JSON.stringify({
          store: { type: 'postgres', url: db.url },
          wake: { engine: 'workflow', url: db.url, baseUrl: `http://127.0.0.1:${port}` },
        }),
      );

      const approved = await argseal(['approve', String(rows[0].id), '--config', configPath]);
      expect(approved.stderr).toBe('');
      expect(approved.status).toBe(0);
      expect(approved.stdout).toMatch(new RegExp(`^approved ${rows[0].id}  refund `, 'u'));

      // the run has no other way to wake: no decision reaches it but the CLI's resumeHook
      const { outcome } = await worker.next('outcome');
      expect(outcome).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
      expect(await db.refunds()).toEqual([{ order_id: 'ord_1', amount: 50_000 }]);
      const verified = await verifyAuditLog(db.audit);
      expect(verified.verification.ok).toBe(true);
    });
  },
);
