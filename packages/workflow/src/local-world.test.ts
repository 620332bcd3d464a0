import { verifyAuditLog } from '@argseal/core';
import { waitForHook } from '@workflow/vitest';
import { afterEach, expect, it } from 'vitest';
import { start } from 'workflow/api';
import { openRefundApp, refundArgs } from './__fixtures__/refund-app.js';
import { refundWorkflow } from './__fixtures__/workflows/refund-workflow.js';

let app: ReturnType<typeof openRefundApp> | undefined;
afterEach(() => {
  app?.sealed.unregister();
  app = undefined;
});

it('waits on a hook, the decision resumes it, the tool runs once', async () => {
  app = openRefundApp();
  const run = await start(refundWorkflow, [refundArgs(50_000)]);
  const hook = await waitForHook(run);
  const [proposal] = await app.store.listPending();
  expect(hook.token).toBe(`argseal:${proposal!.proposalHash}:${run.runId}`);
  await app.approvals.decide(proposal!.proposalHash, { decision: 'approve', approver: 'ann' });
  expect(await run.returnValue).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
  expect(app.refunds).toEqual([{ orderId: 'ord_1', amount: 50_000 }]);
  expect((await verifyAuditLog(app.audit)).verification.ok).toBe(true);
});
