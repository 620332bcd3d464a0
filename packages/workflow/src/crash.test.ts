import { verifyAuditLog } from '@argseal/core';
import { describePostgres } from '@argseal/test-kit';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { refundArgs } from './__fixtures__/refund-app.js';
import { freshWorld, startWorker } from './__fixtures__/worker-harness.js';

describePostgres(
  '@argseal/workflow: exactly once across a restart (local world on disk, worker processes, PostgreSQL)',
  (adminUrl) => {
    let db: Awaited<ReturnType<typeof freshWorld>>;
    beforeEach(async () => {
      db = await freshWorld(adminUrl);
    });
    afterEach(async () => {
      await db.drop();
    });

    const env = (extra: Record<string, string> = {}) => ({
      DATABASE_URL: db.url,
      DATA_DIR: db.dataDir,
      ARGS: refundArgs(50_000),
      ...extra,
    });

    async function chainVerified() {
      const verified = await verifyAuditLog(db.audit);
      expect(verified.verification.ok).toBe(true);
    }

    it('SIGKILL while waiting on the hook, restart, approve: the run resumes and the tool runs once', async () => {
      const first = startWorker(env({ MODE: 'start' }));
      const { waiting: runId } = await first.next('waiting');
      const [hash] = await db.pending();
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(await db.refunds()).toEqual([]);

      const second = startWorker(env({ MODE: 'recover', RUN_ID: String(runId) }));
      await second.next('ready');
      second.send(`approve ${hash}`);
      const { outcome } = await second.next('outcome');
      expect(outcome).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
      expect(await db.refunds()).toEqual([{ order_id: 'ord_1', amount: 50_000 }]);
      await chainVerified();
    });

    it('SIGKILL after the tool ran, before the step was recorded: the restart never runs it again', async () => {
      const first = startWorker(env({ MODE: 'start', KILL_AT: 'tool' }));
      const { waiting: runId } = await first.next('waiting');
      const [hash] = await db.pending();
      first.send(`approve ${hash}`);
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(await db.refunds()).toEqual([{ order_id: 'ord_1', amount: 50_000 }]);

      // the engine re-runs the unrecorded execute step under the same step id: the ledger
      // holds its key as running, so the step answers indeterminate instead of running again
      const second = startWorker(env({ MODE: 'recover', RUN_ID: String(runId) }));
      const { outcome } = await second.next('outcome');
      expect(outcome).toMatchObject({ status: 'indeterminate', proposalHash: hash });
      expect(await db.refunds()).toEqual([{ order_id: 'ord_1', amount: 50_000 }]);
      await chainVerified();
    });

    it('SIGKILL after the grant was consumed, before the tool started: the spent grant is never reused, nothing runs', async () => {
      const first = startWorker(env({ MODE: 'start', KILL_AT: 'start' }));
      const { waiting: runId } = await first.next('waiting');
      const [hash] = await db.pending();
      first.send(`approve ${hash}`);
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(await db.refunds()).toEqual([]);

      // the engine re-runs the unrecorded execute step under the same step id: the ledger has
      // no entry for its key (the tool never started), and the call's single-use grant is
      // spent, so core refuses the replayed call; nothing is pending again, nothing runs
      const second = startWorker(env({ MODE: 'recover', RUN_ID: String(runId) }));
      const { outcome } = await second.next('outcome');
      expect(outcome).toEqual({ status: 'denied', proposalHash: hash, reason: 'approval_used_up' });
      expect(await db.refunds()).toEqual([]);
      const { rows } = await db.pool.query(
        "SELECT count(*)::int AS n FROM argseal_proposals WHERE status = 'pending'",
      );
      expect(rows[0].n).toBe(0);
      const { rows: keys } = await db.pool.query(
        'SELECT count(*)::int AS n FROM argseal_durable_executions',
      );
      expect(keys[0].n).toBe(0);
      await chainVerified();
    });

    it('SIGKILL while waiting, restart, reject: denied, nothing runs', async () => {
      const first = startWorker(env({ MODE: 'start' }));
      const { waiting: runId } = await first.next('waiting');
      const [hash] = await db.pending();
      first.child.kill('SIGKILL');
      await first.exited;
      const second = startWorker(env({ MODE: 'recover', RUN_ID: String(runId) }));
      await second.next('ready');
      second.send(`reject ${hash}`);
      const { outcome } = await second.next('outcome');
      expect(outcome).toMatchObject({ status: 'denied', proposalHash: hash });
      expect(await db.refunds()).toEqual([]);
      await chainVerified();
    });
  },
);
