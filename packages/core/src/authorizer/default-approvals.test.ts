import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryApprovalStore } from '../approvals/memory-store.js';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import { ArgsealConfigError } from '../errors.js';
import { args, makeRefund, thresholdPolicy } from './__fixtures__/refund.js';
import { createAuthorizer } from './create-authorizer.js';
import { MEMORY_APPROVALS_WARNING } from './default-approvals.js';

const WARNED = Symbol.for('argseal.core.memory-approvals-warned');
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[WARNED];
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('createAuthorizer without approvals: an in-memory store, said once', () => {
  it('suspends instead of denying, and a grant in authorizer.approvals resumes it once', async () => {
    const { tool, executed } = makeRefund();
    const audit = createMemoryAuditLog();
    const authorizer = createAuthorizer({ agent: 'support-bot', policy: thresholdPolicy, audit });
    const first = await authorizer.call(tool, args(50_000), { toolCallId: 'c1' });
    expect(first.status).toBe('suspended');
    expect(executed).toEqual([]);
    const store = authorizer.approvals;
    if (store === undefined) throw new Error('expected the default store');
    const [pending] = await store.listPending();
    expect(pending?.proposalHash).toBe(first.status === 'suspended' && first.proposal.proposalHash);
    await store.decide(pending!.proposalHash, { decision: 'approve', approver: 'ann' });
    const resumed = await authorizer.call(tool, args(50_000), { toolCallId: 'c1', resumeOf: true });
    expect(resumed.status).toBe('executed');
    // a replay of the call that ran is refused, and lists nothing as pending again
    expect(await authorizer.call(tool, args(50_000), { toolCallId: 'c1' })).toMatchObject({
      status: 'denied',
      reason: 'approval_used_up',
    });
    expect(await store.listPending()).toEqual([]);
    expect(executed).toHaveLength(1);
    // the default store writes its decisions into the authorizer's audit sink
    expect((await audit.records()).map((r) => r.type)).toContain('approval_granted');
  });

  it('warns once per process on stderr (console.warn), naming how to make it durable', () => {
    createAuthorizer({ agent: 'a', policy: thresholdPolicy });
    createAuthorizer({ agent: 'b', policy: thresholdPolicy });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(MEMORY_APPROVALS_WARNING);
    expect(MEMORY_APPROVALS_WARNING).toContain('not shared between processes');
    expect(MEMORY_APPROVALS_WARNING).toContain('@argseal/postgres');
  });

  it('each authorizer gets its own store', () => {
    const a = createAuthorizer({ agent: 'a', policy: thresholdPolicy });
    const b = createAuthorizer({ agent: 'a', policy: thresholdPolicy });
    expect(a.approvals).toBeDefined();
    expect(a.approvals).not.toBe(b.approvals);
  });

  it('an explicit store is used as is, without a warning', () => {
    const approvals = createMemoryApprovalStore();
    const authorizer = createAuthorizer({ agent: 'a', policy: thresholdPolicy, approvals });
    expect(authorizer.approvals).toBe(approvals);
    expect(warn).not.toHaveBeenCalled();
  });

  it('approvals: null means none: require_approval denies, nothing stored, no warning', async () => {
    const { tool, executed } = makeRefund();
    const audit = createMemoryAuditLog();
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: thresholdPolicy,
      approvals: null,
      audit,
    });
    expect(authorizer.approvals).toBeUndefined();
    expect(await authorizer.call(tool, args(50_000))).toMatchObject({
      status: 'denied',
      reason: 'approval_store_missing',
    });
    expect(executed).toEqual([]);
    expect((await audit.records()).map((r) => r.type)).not.toContain('approval_requested');
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a string', 'memory'],
    ['an empty object', {}],
    ['a number', 1],
    ['false', false],
  ])('approvals as %s throws invalid_approvals; no authorizer, no warning', (_, approvals) => {
    let error: unknown;
    try {
      createAuthorizer({ agent: 'a', policy: thresholdPolicy, approvals: approvals as never });
    } catch (e) {
      error = e;
    }
    expect(ArgsealConfigError.isInstance(error) && error.code).toBe('invalid_approvals');
    expect(warn).not.toHaveBeenCalled();
  });
});
