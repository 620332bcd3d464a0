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

describePostgres(
  "@argseal/workflow on Workflow DevKit's PostgreSQL world (two worker processes, one database)",
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

    const env = (extra: Record<string, string>) => ({
      DATABASE_URL: db.url,
      WORLD: 'postgres',
      ARGS: refundArgs(50_000),
      ...extra,
    });

    it('two workers on one database: the run started on one is approved and runs the tool once', async () => {
      const port = 41_000 + Math.floor(Math.random() * 2000);
      const a = startWorker(env({ MODE: 'start', PORT: String(port) }));
      const b = startWorker(env({ MODE: 'serve', PORT: String(port + 1) }));
      workers.push(a, b);
      await b.next('ready');
      await a.next('waiting');
      const [hash] = await db.pending();
      a.send(`approve ${hash}`);
      const { outcome } = await a.next('outcome');
      expect(outcome).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
      expect(await db.refunds()).toEqual([{ order_id: 'ord_1', amount: 50_000 }]);
      const verified = await verifyAuditLog(db.audit);
      expect(verified.verification.ok).toBe(true);
    });

    it('the worker that started the run is SIGKILLed while waiting; the other worker finishes it once', async () => {
      const port = 43_000 + Math.floor(Math.random() * 2000);
      const a = startWorker(env({ MODE: 'start', PORT: String(port) }));
      const b = startWorker(env({ MODE: 'serve', PORT: String(port + 1) }));
      workers.push(a, b);
      await b.next('ready');
      await a.next('waiting');
      const [hash] = await db.pending();
      a.child.kill('SIGKILL');
      expect((await a.exited).signal).toBe('SIGKILL');
      // the decision is made on the surviving worker: its resumeHook enqueues the run on the
      // database's queue, and only it is left to run the workflow and the execute step
      b.send(`approve ${hash}`);
      await db.refundsReach(1);
      await new Promise((r) => setTimeout(r, 500)); // a second run of the tool would show here
      expect(await db.refunds()).toEqual([{ order_id: 'ord_1', amount: 50_000 }]);
      const verified = await verifyAuditLog(db.audit);
      expect(verified.verification.ok).toBe(true);
    });
  },
);
