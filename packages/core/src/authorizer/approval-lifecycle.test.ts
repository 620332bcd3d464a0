import { describe, expect, it } from 'vitest';
import { createMemoryApprovalStore } from '../approvals/memory-store.js';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import { args, setup } from './__fixtures__/refund.js';

describe('approval lifecycle', () => {
  it('7. the schema parses exactly once per attempt, including on resume', async () => {
    const { authorizer, tool, counter, approvals } = setup();
    const first = await authorizer.call(tool, args(50_000));
    expect(counter.parses).toBe(1);
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const resumed = await authorizer.call(tool, args(50_000), {
      resumeOf: first.proposal.proposalHash,
    });
    expect(resumed.status).toBe('executed');
    expect(counter.parses).toBe(2);
    await authorizer.call(tool, args(5));
    expect(counter.parses).toBe(3);
  });

  it('8. a suspended proposal reuses the hash the policy saw and carries its own parsedArguments', async () => {
    let policyHash = '';
    let policyView: unknown;
    const { authorizer, tool } = setup({
      policy: ({ proposalHash, parsedArguments }) => {
        policyHash = proposalHash;
        policyView = parsedArguments;
        return { type: 'require_approval', reason: 'always' };
      },
    });
    const outcome = await authorizer.call(tool, args(5));
    if (outcome.status !== 'suspended') throw new Error('expected suspension');
    expect(outcome.proposal.proposalHash).toBe(policyHash);
    expect(outcome.proposal.parsedArguments).toEqual(policyView);
    expect(outcome.proposal.parsedArguments).not.toBe(policyView);
    // the policy's view is the frozen snapshot: it cannot be written at all
    expect(() => {
      (policyView as { amount: number }).amount = 7;
    }).toThrow(TypeError);
    (outcome.proposal.parsedArguments as { amount: number }).amount = 7;
    expect((policyView as { amount: number }).amount).toBe(5);
  });

  it('9a. resume matches an identical hash, also with reordered keys and whitespace', async () => {
    const { authorizer, tool, approvals, executed } = setup();
    const first = await authorizer.call(
      tool,
      '{"orderId":"ord_1","amount":50000,"currency":"EUR"}',
    );
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const resumed = await authorizer.call(
      tool,
      ' {\n "currency" : "EUR",\t"amount":50000 , "orderId":"ord_1"}\n',
    );
    expect(resumed).toMatchObject({
      status: 'executed',
      proposalHash: first.proposal.proposalHash,
    });
    expect(executed).toHaveLength(1);
  });

  it('9b. a changed amount does not match and suspends again as a new proposal', async () => {
    const { authorizer, tool, approvals, executed, audit } = setup();
    const first = await authorizer.call(tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const tampered = await authorizer.call(tool, args(500_000), {
      resumeOf: first.proposal.proposalHash,
    });
    expect(tampered.status).toBe('suspended');
    if (tampered.status !== 'suspended') return;
    expect(tampered.proposal.proposalHash).not.toBe(first.proposal.proposalHash);
    expect(executed).toEqual([]);
    expect((await approvals.listPending()).map((p) => p.proposalHash)).toEqual([
      tampered.proposal.proposalHash,
    ]);
    const mismatch = (await audit.records()).find((r) => r.type === 'approval_mismatched');
    expect(mismatch).toMatchObject({
      supersedes: first.proposal.proposalHash,
      proposalHash: tampered.proposal.proposalHash,
    });
  });

  it('9c. approval never bypasses a policy that now denies', async () => {
    let ceiling = 1_000_000;
    const { authorizer, tool, approvals, executed } = setup({
      policy: ({ parsedArguments }) => {
        const amount = (parsedArguments as { amount: number }).amount;
        if (amount > ceiling) return { type: 'deny', reason: 'amount_above_ceiling' };
        return { type: 'require_approval', reason: 'needs_human' };
      },
    });
    const first = await authorizer.call(tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    ceiling = 10_000;
    const resumed = await authorizer.call(tool, args(50_000));
    expect(resumed).toMatchObject({ status: 'denied', reason: 'amount_above_ceiling' });
    expect(executed).toEqual([]);
    ceiling = 1_000_000;
    expect((await authorizer.call(tool, args(50_000))).status).toBe('executed');
  });

  it('10a. grants are single-use by default', async () => {
    const { authorizer, tool, approvals, executed } = setup();
    const first = await authorizer.call(tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    expect((await authorizer.call(tool, args(50_000))).status).toBe('executed');
    expect((await authorizer.call(tool, args(50_000))).status).toBe('suspended');
    expect(executed).toHaveLength(1);
    expect((await approvals.getProposal(first.proposal.id))?.status).toBe('consumed');
  });

  it('10b. an expired grant never executes', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const approvals = createMemoryApprovalStore({ now: () => now });
    const { authorizer, tool, executed, audit } = setup({ approvals, now: () => now });
    const first = await authorizer.call(tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
      expiresAt: new Date('2026-01-01T00:05:00Z'),
    });
    now = new Date('2026-01-01T00:06:00Z');
    const late = await authorizer.call(tool, args(50_000));
    expect(late.status).toBe('suspended');
    expect(executed).toEqual([]);
    expect((await audit.records()).some((r) => r.type === 'approval_expired')).toBe(true);
    expect((await approvals.getProposal(first.proposal.id))?.status).toBe('expired');
  });

  it('10c. a rejected grant never executes and denies with approval_rejected', async () => {
    const { authorizer, tool, approvals, executed } = setup();
    const first = await authorizer.call(tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, {
      decision: 'reject',
      approver: 'ann',
      note: 'no',
    });
    const again = await authorizer.call(tool, args(50_000));
    expect(again).toMatchObject({ status: 'denied', reason: 'approval_rejected' });
    expect(executed).toEqual([]);
    expect(await approvals.listPending()).toEqual([]);
  });

  it('10d. 100 concurrent resumes of one single-use grant execute exactly once', async () => {
    const { authorizer, tool, approvals, executed } = setup();
    const first = await authorizer.call(tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => authorizer.call(tool, args(50_000))),
    );
    expect(outcomes.filter((o) => o.status === 'executed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'suspended')).toHaveLength(99);
    expect(executed).toHaveLength(1);
  });

  it('10e. a grant with uses: 3 executes three times', async () => {
    const { authorizer, tool, approvals, executed } = setup();
    const first = await authorizer.call(tool, args(50_000));
    if (first.status !== 'suspended') throw new Error('expected suspension');
    await approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
      uses: 3,
    });
    for (let i = 0; i < 4; i++) await authorizer.call(tool, args(50_000));
    expect(executed).toHaveLength(3);
  });

  it('require_approval with approvals: null denies (closed by default)', async () => {
    const { tool, executed } = setup();
    const { createAuthorizer } = await import('./create-authorizer.js');
    const authorizer = createAuthorizer({
      agent: 'a',
      approvals: null,
      policy: () => ({ type: 'require_approval', reason: 'x' }),
    });
    expect(await authorizer.call(tool, args(5))).toMatchObject({
      status: 'denied',
      reason: 'approval_store_missing',
    });
    expect(executed).toEqual([]);
  });

  it('check and authorize with approvals: null: approval_store_missing, nothing suspended', async () => {
    const { tool, executed } = setup();
    const { createAuthorizer } = await import('./create-authorizer.js');
    const audit = createMemoryAuditLog();
    const authorizer = createAuthorizer({
      agent: 'a',
      approvals: null,
      audit,
      policy: () => ({ type: 'require_approval', reason: 'x' }),
    });
    const p = await authorizer.prepare(tool, args(5));
    if (!p.ok) throw p.error;
    expect(await p.attempt.check()).toMatchObject({
      type: 'deny',
      reason: 'approval_store_missing',
    });
    expect(await p.attempt.authorize()).toMatchObject({
      type: 'deny',
      reason: 'approval_store_missing',
    });
    expect(executed).toEqual([]);
    expect((await audit.records()).map((r) => r.type)).toEqual(['proposed', 'decided']);
  });
});
