import { describe, expect, it } from 'vitest';
import { verifyAuditLog } from '../audit/verify-log.js';
import { args, setup } from '../authorizer/__fixtures__/refund.js';
import { createApprovalWait } from './approval-wait.js';
import { DurableWaitError } from './errors.js';
import { createMemoryExecutionLedger } from './memory-ledger.js';
import type { ExecutionLedger } from './types.js';

function wired(options?: Parameters<typeof setup>[0]) {
  const base = setup(options);
  const ledger = createMemoryExecutionLedger();
  const wait = createApprovalWait({ authorizer: base.authorizer, ledger });
  return { ...base, ledger, wait };
}

async function chainOk(audit: ReturnType<typeof setup>['audit']) {
  const verified = await verifyAuditLog(audit);
  expect(verified.verification.ok).toBe(true);
  expect((await audit.records()).length).toBeGreaterThan(0);
}

describe('createApprovalWait', () => {
  it('an allowed call is ready at once and runs once per execution key', async () => {
    const { wait, tool, executed, audit } = wired();
    const ticket = await wait.request(tool, args(5), { toolCallId: 'c1' });
    expect(ticket).toMatchObject({ status: 'ready', tool: 'refund' });
    const first = await wait.execute(tool, args(5), ticket, {
      executionKey: 'wf:2',
      toolCallId: 'c1',
    });
    expect(first).toMatchObject({ status: 'executed', result: { refunded: 5 } });
    // the engine re-runs the same step (a crash after the step ran, before it was recorded)
    const again = await wait.execute(tool, args(5), ticket, {
      executionKey: 'wf:2',
      toolCallId: 'c1',
    });
    expect(again).toEqual(first);
    expect(executed).toHaveLength(1);
    await chainOk(audit);
  });

  it('pending until approved, then runs once; a replay neither consumes nor runs again', async () => {
    const { wait, tool, executed, approvals, audit } = wired();
    const ticket = await wait.request(tool, args(50_000), { toolCallId: 'c1' });
    if (ticket.status !== 'pending') throw new Error('expected pending');
    expect(
      await wait.execute(tool, args(50_000), ticket, { executionKey: 'wf:2', toolCallId: 'c1' }),
    ).toEqual({
      status: 'pending',
      proposalHash: ticket.proposalHash,
    });
    expect(executed).toHaveLength(0);
    await approvals.decide(ticket.proposalHash, { decision: 'approve', approver: 'ann', uses: 2 });
    const ran = await wait.execute(tool, args(50_000), ticket, {
      executionKey: 'wf:4',
      toolCallId: 'c1',
    });
    expect(ran).toMatchObject({ status: 'executed', proposalHash: ticket.proposalHash });
    const replay = await wait.execute(tool, args(50_000), ticket, {
      executionKey: 'wf:4',
      toolCallId: 'c1',
    });
    expect(replay).toEqual(ran);
    expect(executed).toHaveLength(1);
    // the grant allowed two uses: the replay took none of them
    const peek = await approvals.peek(ticket.bindingHash);
    expect(peek).toMatchObject({ live: true, grant: { usesLeft: 1 } });
    await chainOk(audit);
  });

  it('never runs on a grant for other arguments: a replay with changed arguments is mismatched', async () => {
    const { wait, tool, executed, approvals } = wired();
    const ticket = await wait.request(tool, args(50_000), { toolCallId: 'c1' });
    if (ticket.status !== 'pending') throw new Error('expected pending');
    await approvals.decide(ticket.proposalHash, { decision: 'approve', approver: 'ann' });
    const out = await wait.execute(tool, args(60_000), ticket, { executionKey: 'wf:3' });
    expect(out).toMatchObject({ status: 'mismatched', expected: ticket.proposalHash });
    expect(executed).toHaveLength(0);
    // the grant is still there for the approved arguments
    expect(await approvals.peek(ticket.bindingHash)).toMatchObject({
      live: true,
    });
  });

  it('a rejected call is denied and nothing runs', async () => {
    const { wait, tool, executed, approvals, audit } = wired();
    const ticket = await wait.request(tool, args(50_000));
    if (ticket.status !== 'pending') throw new Error('expected pending');
    await approvals.decide(ticket.proposalHash, { decision: 'reject', approver: 'ann' });
    const out = await wait.execute(tool, args(50_000), ticket, { executionKey: 'wf:3' });
    expect(out).toMatchObject({ status: 'denied' });
    expect(executed).toHaveLength(0);
    await chainOk(audit);
  });

  it('an expired grant does not run the tool', async () => {
    let now = new Date('2026-12-01T00:00:00Z');
    const { wait, tool, executed, approvals } = wired({ now: () => now });
    const ticket = await wait.request(tool, args(50_000));
    if (ticket.status !== 'pending') throw new Error('expected pending');
    await approvals.decide(ticket.proposalHash, { decision: 'approve', approver: 'ann', ttlMs: 1 });
    await new Promise((r) => setTimeout(r, 5));
    now = new Date(Date.now() + 60_000);
    const out = await wait.execute(tool, args(50_000), ticket, { executionKey: 'wf:3' });
    expect(out.status === 'pending' || out.status === 'denied').toBe(true);
    expect(executed).toHaveLength(0);
  });

  it('a key whose tool started and never settled is indeterminate and never starts again', async () => {
    const { wait, tool, executed, approvals, authorizer } = wired();
    const ticket = await wait.request(tool, args(50_000));
    if (ticket.status !== 'pending') throw new Error('expected pending');
    await approvals.decide(ticket.proposalHash, { decision: 'approve', approver: 'ann', uses: 3 });
    // a ledger whose settle never lands: the process "dies" right after the tool ran
    const inner = createMemoryExecutionLedger();
    const dying: ExecutionLedger = {
      ...inner,
      settle: async () => {
        throw new Error('killed');
      },
    };
    const crashing = createApprovalWait({ authorizer, ledger: dying });
    await expect(
      crashing.execute(tool, args(50_000), ticket, { executionKey: 'wf:3' }),
    ).rejects.toThrow('killed');
    expect(executed).toHaveLength(1);
    const restarted = createApprovalWait({ authorizer, ledger: inner });
    expect(await restarted.execute(tool, args(50_000), ticket, { executionKey: 'wf:3' })).toEqual({
      status: 'indeterminate',
      proposalHash: ticket.proposalHash,
      executionKey: 'wf:3',
    });
    expect(executed).toHaveLength(1);
  });

  it('a crash after the grant was consumed, before the tool started: the spent grant is not reused', async () => {
    const { tool, executed, approvals, authorizer } = wired();
    const call = { toolCallId: 'call_1' };
    const inner = createMemoryExecutionLedger();
    const dying: ExecutionLedger = {
      ...inner,
      start: async () => {
        throw new Error('killed');
      },
    };
    const crashing = createApprovalWait({ authorizer, ledger: dying });
    const ticket = await crashing.request(tool, args(50_000), call);
    if (ticket.status !== 'pending') throw new Error('expected pending');
    await approvals.decide(ticket.proposalHash, { decision: 'approve', approver: 'ann' });
    await expect(
      crashing.execute(tool, args(50_000), ticket, { ...call, executionKey: 'wf:3' }),
    ).rejects.toThrow('killed');
    const restarted = createApprovalWait({ authorizer, ledger: inner });
    const out = await restarted.execute(tool, args(50_000), ticket, {
      ...call,
      executionKey: 'wf:3',
    });
    // the single-use grant of this call was consumed by the crashed run: core refuses the
    // replay (approval_used_up) and lists nothing as pending; nothing runs
    expect(out).toEqual({
      status: 'denied',
      proposalHash: ticket.proposalHash,
      reason: 'approval_used_up',
    });
    expect(await approvals.listPending()).toEqual([]);
    expect(executed).toHaveLength(0);
  });

  it('without a call id, the same crash asks for a new decision instead', async () => {
    const { wait, tool, executed, approvals, authorizer } = wired();
    const ticket = await wait.request(tool, args(50_000));
    if (ticket.status !== 'pending') throw new Error('expected pending');
    await approvals.decide(ticket.proposalHash, { decision: 'approve', approver: 'ann' });
    const inner = createMemoryExecutionLedger();
    const dying: ExecutionLedger = {
      ...inner,
      start: async () => {
        throw new Error('killed');
      },
    };
    await expect(
      createApprovalWait({ authorizer, ledger: dying }).execute(tool, args(50_000), ticket, {
        executionKey: 'wf:3',
      }),
    ).rejects.toThrow('killed');
    const restarted = createApprovalWait({ authorizer, ledger: inner });
    const out = await restarted.execute(tool, args(50_000), ticket, { executionKey: 'wf:3' });
    expect(out).toEqual({ status: 'pending', proposalHash: ticket.proposalHash });
    expect((await approvals.listPending()).map((p) => p.proposalHash)).toEqual([
      ticket.proposalHash,
    ]);
    expect(executed).toHaveLength(0);
  });

  it('refuses bad input with a code and runs nothing', async () => {
    const { wait, tool, executed, authorizer, ledger, approvals } = wired();
    expect(() => createApprovalWait({ authorizer, ledger, ledgr: 1 } as never)).toThrow(
      expect.objectContaining({ code: 'unknown_option', option: 'ledgr', suggestion: 'ledger' }),
    );
    expect(() => createApprovalWait({ authorizer } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_wait_options' }),
    );
    await expect(wait.request(tool, { amount: 1 } as never)).rejects.toMatchObject({
      code: 'invalid_arguments_text',
    });
    const ticket = await wait.request(tool, args(5));
    await expect(wait.execute(tool, args(5), ticket, { executionKey: '' })).rejects.toMatchObject({
      code: 'invalid_execution_key',
    });
    await expect(
      wait.execute(tool, args(5), { ...ticket, tool: 'other' }, { executionKey: 'k' }),
    ).rejects.toSatisfy(DurableWaitError.isInstance);
    await expect(
      wait.execute(tool, args(5), ticket, { executionKey: 'k', retries: 2 } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', where: 'execute of "refund"' });
    await expect(wait.request(tool, args(5), { toolCalId: 'c' } as never)).rejects.toMatchObject({
      code: 'unknown_option',
      suggestion: 'toolCallId',
    });
    // a duplicate key never runs: the request is denied at decode
    const dup = await wait.request(
      tool,
      '{"orderId":"a","orderId":"b","amount":5,"currency":"EUR"}',
    );
    expect(dup).toMatchObject({ status: 'denied', reason: 'duplicate_key' });
    expect(
      await wait.execute(tool, '{"orderId":"a","orderId":"b","amount":5,"currency":"EUR"}', dup, {
        executionKey: 'x',
      }),
    ).toMatchObject({ status: 'denied' });
    expect(executed).toHaveLength(0);
    expect(await approvals.listPending()).toHaveLength(0);
    expect(await ledger.get('x')).toBeUndefined();
  });
});
