import { createConsoleServer } from '@argseal/console';
import { type ExecutionLedger, verifyAuditLog } from '@argseal/core';
import { waitForHook } from '@workflow/vitest';
import { afterEach, expect, it } from 'vitest';
import { resumeHook, start } from 'workflow/api';
import { completedSteps, openRefundApp, refundArgs, until } from './__fixtures__/refund-app.js';
import { refundWorkflow } from './__fixtures__/workflows/refund-workflow.js';
import { twoRefundsWorkflow } from './__fixtures__/workflows/two-calls-workflow.js';

// Workflow DevKit's local world, in this process: runs, steps, hooks and events persist
// under .workflow-data; the steps' authorizer, store, ledger and wait index are in memory.
let app: ReturnType<typeof openRefundApp> | undefined;
afterEach(() => {
  app?.sealed.unregister();
  app = undefined;
});

async function chainVerified() {
  const verified = await verifyAuditLog(app!.audit);
  expect(verified.verification.ok).toBe(true);
}

async function pendingProposal() {
  await until(async () => (await app!.store.listPending()).length > 0, 'a pending proposal');
  const [proposal] = await app!.store.listPending();
  return proposal!;
}

it('a call policy allows runs in the first step, with no hook', async () => {
  app = openRefundApp();
  const run = await start(refundWorkflow, [refundArgs(500)]);
  expect(await run.returnValue).toMatchObject({ status: 'executed', result: { refunded: 500 } });
  expect(app.refunds).toEqual([{ orderId: 'ord_1', amount: 500 }]);
  expect(await completedSteps(run.runId, 'argsealExecuteStep')).toBe(0);
  await chainVerified();
});

it('waits on a hook with a deterministic token; a decision through the waking store resumes it; the tool runs once', async () => {
  app = openRefundApp();
  const run = await start(refundWorkflow, [refundArgs(50_000)]);
  const hook = await waitForHook(run);
  const proposal = await pendingProposal();
  expect(hook.token).toBe(`argseal:${proposal.proposalHash}:${run.runId}`);
  expect(await app.waits.waitsFor(proposal.proposalHash)).toEqual([hook.token]);
  expect(app.refunds).toEqual([]);
  await app.approvals.decide(proposal.proposalHash, { decision: 'approve', approver: 'ann' });
  expect(await run.returnValue).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
  expect(app.refunds).toEqual([{ orderId: 'ord_1', amount: 50_000 }]);
  // the wait is forgotten once the call ended
  expect(await app.waits.waitsFor(proposal.proposalHash)).toEqual([]);
  await chainVerified();
});

it('a decision in the approval console resumes the hook through resumeHook (no polling)', async () => {
  app = openRefundApp();
  const run = await start(refundWorkflow, [refundArgs(50_000)]);
  await waitForHook(run);
  const proposal = await pendingProposal();
  // the run read the store once after its hook was registered, and now sleeps on the hook
  await until(
    async () => (await completedSteps(run.runId, 'argsealExecuteStep')) === 1,
    'the first execute step',
  );
  const token = 'ann-token-0123456789abcdef0123456789';
  const console = createConsoleServer({
    store: app.approvals,
    audit: app.audit,
    tokens: { ann: token },
  });
  const res = await console.request(`http://127.0.0.1:7407/api/proposals/${proposal.id}/decision`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ decision: 'approve', proposalHash: proposal.proposalHash }),
  });
  expect(res.status).toBe(200);
  expect(await run.returnValue).toMatchObject({ status: 'executed', result: { refunded: 50_000 } });
  expect(app.refunds).toEqual([{ orderId: 'ord_1', amount: 50_000 }]);
  // the run woke on the hook: exactly two execute steps (before the decision, after it)
  expect(await completedSteps(run.runId, 'argsealExecuteStep')).toBe(2);
  await chainVerified();
});

it('a rejected call ends denied and nothing runs', async () => {
  app = openRefundApp();
  const run = await start(refundWorkflow, [refundArgs(50_000)]);
  await waitForHook(run);
  const proposal = await pendingProposal();
  await app.approvals.decide(proposal.proposalHash, { decision: 'reject', approver: 'ann' });
  expect(await run.returnValue).toMatchObject({
    status: 'denied',
    proposalHash: proposal.proposalHash,
  });
  expect(app.refunds).toEqual([]);
  await chainVerified();
});

it('an approval for changed arguments never runs this call: a wake-up carries no authority', async () => {
  app = openRefundApp();
  const mine = await start(refundWorkflow, [refundArgs(50_000)]);
  const myHook = await waitForHook(mine);
  const other = await start(refundWorkflow, [refundArgs(60_000)]);
  await waitForHook(other);
  await until(async () => (await app!.store.listPending()).length === 2, 'two proposals');
  // both runs read the store once after their hook was registered (nothing decided yet)
  for (const run of [mine, other]) {
    await until(
      async () => (await completedSteps(run.runId, 'argsealExecuteStep')) === 1,
      'the first execute step',
    );
  }
  const pending = await app.store.listPending();
  const forOther = pending.find(
    (p) => (p.parsedArguments as { amount: number }).amount === 60_000,
  )!;
  const forMine = pending.find((p) => p !== forOther)!;
  // approve the other (changed) arguments without waking anyone, then resume my hook with
  // that decision, as a forged or misrouted message would
  await app.store.decide(forOther.proposalHash, { decision: 'approve', approver: 'ann' });
  await resumeHook(myHook.token, { proposalHash: forOther.proposalHash, decision: 'approve' });
  await until(
    async () => (await completedSteps(mine.runId, 'argsealExecuteStep')) === 2,
    'the woken execute step',
  );
  expect(await mine.status).toBe('running');
  expect(app.refunds).toEqual([]);
  // the other grant was not consumed by my run: the other run still executes once
  await resumeHook(`argseal:${forOther.proposalHash}:${other.runId}`, {
    proposalHash: forOther.proposalHash,
    decision: 'approve',
  });
  expect(await other.returnValue).toMatchObject({
    status: 'executed',
    result: { refunded: 60_000 },
  });
  // and my run still runs on its own approval
  await app.approvals.decide(forMine.proposalHash, { decision: 'approve', approver: 'bob' });
  expect(await mine.returnValue).toMatchObject({
    status: 'executed',
    result: { refunded: 50_000 },
  });
  expect(app.refunds.map((r) => r.amount)).toEqual([60_000, 50_000]);
  await chainVerified();
});

it('an expired grant does not run the tool; the run keeps waiting', async () => {
  const clock = { now: new Date() };
  app = openRefundApp(clock);
  const run = await start(refundWorkflow, [refundArgs(50_000)]);
  const hook = await waitForHook(run);
  const proposal = await pendingProposal();
  await app.store.decide(proposal.proposalHash, {
    decision: 'approve',
    approver: 'ann',
    ttlMs: 1000,
  });
  clock.now = new Date(clock.now.getTime() + 60_000);
  await resumeHook(hook.token, { proposalHash: proposal.proposalHash, decision: 'approve' });
  await until(
    async () => (await completedSteps(run.runId, 'argsealExecuteStep')) === 2,
    'the woken execute step',
  );
  expect(await run.status).toBe('running');
  expect(app.refunds).toEqual([]);
  await run.cancel();
  await chainVerified();
});

it('a replayed execute step never runs the tool twice (crash after the tool, before the step recorded)', async () => {
  let failSettle = true;
  app = openRefundApp(undefined, (ledger: ExecutionLedger) => ({
    get: (key) => ledger.get(key),
    start: (key, hash) => ledger.start(key, hash),
    async settle(key, outcome) {
      if (failSettle) {
        failSettle = false;
        // the tool ran; the process "dies" before the outcome is recorded: the engine
        // retries the same step (same step id, so the same execution key)
        throw new Error('worker lost before the step was recorded');
      }
      return ledger.settle(key, outcome);
    },
  }));
  const run = await start(refundWorkflow, [refundArgs(50_000)]);
  await waitForHook(run);
  const proposal = await pendingProposal();
  await app.approvals.decide(proposal.proposalHash, { decision: 'approve', approver: 'ann' });
  const outcome = await run.returnValue;
  expect(outcome).toMatchObject({ status: 'indeterminate', proposalHash: proposal.proposalHash });
  expect(outcome.status === 'indeterminate' && outcome.executionKey).toMatch(
    new RegExp(`^${run.runId}:`),
  );
  expect(app.refunds).toEqual([{ orderId: 'ord_1', amount: 50_000 }]);
  await chainVerified();
});

it('two sealed calls in one run wait on two hooks, each approved once', async () => {
  app = openRefundApp();
  const run = await start(twoRefundsWorkflow, [refundArgs(20_000, 'a'), refundArgs(30_000, 'b')]);
  await waitForHook(run);
  const first = await pendingProposal();
  await app.approvals.decide(first.proposalHash, { decision: 'approve', approver: 'ann' });
  await until(
    async () => (await app!.store.listPending()).some((p) => p.proposalHash !== first.proposalHash),
    'the second proposal',
  );
  const second = (await app.store.listPending()).find(
    (p) => p.proposalHash !== first.proposalHash,
  )!;
  await app.approvals.decide(second.proposalHash, { decision: 'approve', approver: 'ann' });
  const [a, b] = await run.returnValue;
  expect(a).toMatchObject({ status: 'executed', result: { refunded: 20_000 } });
  expect(b).toMatchObject({ status: 'executed', result: { refunded: 30_000 } });
  expect(app.refunds).toEqual([
    { orderId: 'a', amount: 20_000 },
    { orderId: 'b', amount: 30_000 },
  ]);
  await chainVerified();
});
