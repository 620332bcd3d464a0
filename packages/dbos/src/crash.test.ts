import { createConsoleServer } from '@argseal/console';
import { verifyAuditLog } from '@argseal/core';
import { describePostgres } from '@argseal/test-kit';
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { freshDatabase, operator, refundArgs, startWorker } from './__fixtures__/harness.js';

describePostgres(
  '@argseal/dbos: exactly once across crashes (real PostgreSQL, worker processes)',
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

    const env = (extra: Record<string, string> = {}) => ({
      DATABASE_URL: db.url,
      WORKFLOW_ID: 'refund-wf-1',
      ARGS: refundArgs(50_000),
      ...extra,
    });

    async function chainVerified() {
      const verified = await verifyAuditLog(op!.audit);
      expect(verified.verification.ok).toBe(true);
    }

    it('SIGKILL while waiting, restart, approve: the tool runs once', async () => {
      const first = startWorker(env({ MODE: 'start' }));
      // the worker must have set up the tables before the operator opens them
      await new Promise((r) => setTimeout(r, 0));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      first.child.kill('SIGKILL');
      expect((await first.done).signal).toBe('SIGKILL');
      expect(await op.refunds()).toEqual([]);

      const second = startWorker(env({ MODE: 'recover' }));
      await op.approvals.decide(proposal!.proposalHash, { decision: 'approve', approver: 'ann' });
      const { outcome } = await second.done;
      expect(outcome).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
      expect(await op.refunds()).toEqual([
        { workflow_id: 'refund-wf-1', order_id: 'ord_1', amount: 50_000 },
      ]);
      await chainVerified();
    });

    it('SIGKILL after the grant was consumed and the tool ran, before the step was recorded: never a second run', async () => {
      const first = startWorker(env({ MODE: 'start', KILL_AT: 'tool' }));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      await op.approvals.decide(proposal!.proposalHash, {
        decision: 'approve',
        approver: 'ann',
        uses: 5,
      });
      expect((await first.done).signal).toBe('SIGKILL');
      expect(await op.refunds()).toHaveLength(1);

      const second = startWorker(env({ MODE: 'recover' }));
      const { outcome } = await second.done;
      // DBOS re-runs the unrecorded step; the ledger says the tool started: it is not started again
      expect(outcome).toEqual({
        status: 'indeterminate',
        proposalHash: proposal!.proposalHash,
        executionKey: expect.stringMatching(/^refund-wf-1:\d+$/),
      });
      expect(await op.refunds()).toHaveLength(1);
      await chainVerified();
    });

    it('SIGKILL after the grant was consumed, before the tool started: the spent grant is never reused, nothing runs', async () => {
      const first = startWorker(env({ MODE: 'start', KILL_AT: 'start' }));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      await op.approvals.decide(proposal!.proposalHash, { decision: 'approve', approver: 'ann' });
      expect((await first.done).signal).toBe('SIGKILL');
      expect(await op.refunds()).toEqual([]);

      const second = startWorker(env({ MODE: 'recover' }));
      const { outcome } = await second.done;
      // the call's single-use grant is spent: core refuses the replay, nothing is pending again
      expect(outcome).toEqual({
        status: 'denied',
        proposalHash: proposal!.proposalHash,
        reason: 'approval_used_up',
      });
      expect(await op.refunds()).toEqual([]);
      expect(await op.approvals.listPending()).toEqual([]);
      await chainVerified();
    });

    it('two workers racing for one workflow: the tool runs once', async () => {
      const a = startWorker(env({ MODE: 'start' }));
      const b = startWorker(env({ MODE: 'start' }));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      await op.approvals.decide(proposal!.proposalHash, {
        decision: 'approve',
        approver: 'ann',
        uses: 5,
      });
      const [ra, rb] = await Promise.all([a.done, b.done]);
      expect([ra.outcome?.status, rb.outcome?.status]).toEqual(['executed', 'executed']);
      expect(await op.refunds()).toHaveLength(1);
      await chainVerified();
    });

    it('a decision made before the workflow registered its wait still wakes it (no lost wake-up)', async () => {
      const w = startWorker(env({ MODE: 'start', DELAY_WAIT_MS: '1500', TIMEOUT_SECONDS: '30' }));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      expect(await op.ledger.waitsFor(proposal!.proposalHash)).toEqual([]);
      await op.approvals.decide(proposal!.proposalHash, { decision: 'approve', approver: 'ann' });
      const { outcome } = await w.done;
      expect(outcome).toMatchObject({ status: 'executed' });
      expect(await op.refunds()).toHaveLength(1);
      await chainVerified();
    });

    it('a decision in the approval console wakes the waiting workflow through DBOS', async () => {
      const w = startWorker(env({ MODE: 'start' }));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      const token = 'ann-token-0123456789abcdef0123456789';
      const app = createConsoleServer({
        store: op.approvals,
        audit: op.audit,
        tokens: { ann: token },
      });
      const res = await app.request(
        `http://127.0.0.1:7407/api/proposals/${proposal!.id}/decision`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ decision: 'approve', proposalHash: proposal!.proposalHash }),
        },
      );
      expect(res.status).toBe(200);
      const { outcome } = await w.done;
      expect(outcome).toMatchObject({ status: 'executed' });
      expect(await op.refunds()).toHaveLength(1);
      await chainVerified();
    });

    it('a rejected call ends denied and nothing runs', async () => {
      const w = startWorker(env({ MODE: 'start' }));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      await op.approvals.decide(proposal!.proposalHash, { decision: 'reject', approver: 'ann' });
      const { outcome } = await w.done;
      expect(outcome).toMatchObject({ status: 'denied' });
      expect(await op.refunds()).toEqual([]);
      await chainVerified();
    });

    it('an approval for changed arguments never runs this call', async () => {
      const w = startWorker(env({ MODE: 'start', TIMEOUT_SECONDS: '3' }));
      const other = startWorker(
        env({
          MODE: 'start',
          WORKFLOW_ID: 'refund-wf-2',
          ARGS: refundArgs(60_000),
          TIMEOUT_SECONDS: '3',
        }),
      );
      op = await waitForOperator(db.url);
      const pending = await op.pending(2);
      const forOther = pending.find(
        (p) => p.parsedArguments && (p.parsedArguments as any).amount === 60_000,
      )!;
      await op.approvals.decide(forOther.proposalHash, { decision: 'approve', approver: 'ann' });
      // wake the first workflow with the other call's decision, as a forged message would
      const mine = pending.find((p) => p !== forOther)!;
      const { DBOSClient } = await import('@dbos-inc/dbos-sdk');
      const client = await DBOSClient.create({ systemDatabaseUrl: db.url });
      await client.send(
        'refund-wf-1',
        { proposalHash: forOther.proposalHash, decision: 'approve' },
        `argseal:decision:${mine.proposalHash}`,
      );
      await client.destroy();
      const [mineDone, otherDone] = await Promise.all([w.done, other.done]);
      expect(mineDone.outcome).toEqual({ status: 'pending', proposalHash: mine.proposalHash });
      expect(otherDone.outcome).toMatchObject({ status: 'executed' });
      expect((await op.refunds()).map((r) => r.amount)).toEqual([60_000]);
      await chainVerified();
    });

    it('an expired grant does not run the tool', async () => {
      const w = startWorker(env({ MODE: 'start', TIMEOUT_SECONDS: '3' }));
      op = await waitForOperator(db.url);
      const [proposal] = await op.pending();
      await op.approvals.decide(proposal!.proposalHash, {
        decision: 'approve',
        approver: 'ann',
        ttlMs: 1,
      });
      const { outcome } = await w.done;
      expect(outcome?.status).not.toBe('executed');
      expect(await op.refunds()).toEqual([]);
      await chainVerified();
    });
  },
);

/** The operator opens the database once the worker has migrated it. */
async function waitForOperator(url: string) {
  for (let i = 0; i < 600; i++) {
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.query('SELECT 1 FROM argseal_durable_waits LIMIT 1');
      await probe.query('SELECT 1 FROM argseal_proposals LIMIT 1');
      await probe.end();
      return operator(url);
    } catch {
      await probe.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the worker never migrated the database');
}
