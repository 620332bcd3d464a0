import { describe, expect, it } from 'vitest';
import { thresholdPolicy } from '../../authorizer/__fixtures__/refund.js';
import { createAuthorizer } from '../../authorizer/create-authorizer.js';
import { decisionWorld } from './__fixtures__/pending.js';
import { applyDecisions } from './apply-decisions.js';
import { decidePending } from './decide-pending.js';
import { approveProposal, editProposal, rejectProposal } from './decision-builders.js';
import type { PendingCall } from './types.js';
import { validateDecisions } from './validate-decisions.js';

const view = (p: PendingCall) => ({ id: p.proposal.id, proposalHash: p.proposal.proposalHash });

async function decided(
  w: ReturnType<typeof decisionWorld>,
  pending: PendingCall[],
  value: unknown,
) {
  const verdict = await validateDecisions(w.authorizer, value, { pending, toolFor: w.toolFor });
  if (!verdict.ok) throw new Error(JSON.stringify(verdict.refusals));
  return applyDecisions(w.authorizer, verdict.decisions);
}

describe('applyDecisions', () => {
  it('approve grants the hash (the attempt then runs once); reject refuses with the note', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    const b = await w.suspend(30_000, 'b');
    const out = await decided(w, [a, b], {
      approver: 'alice',
      decisions: [approveProposal(view(a)), rejectProposal(view(b), { note: 'too much' })],
    });
    expect(out.get('a')).toEqual({ kind: 'approved', attempt: a.attempt });
    expect(out.get('b')).toMatchObject({
      kind: 'refused',
      refusal: {
        code: 'approval_rejected',
        stage: 'approval',
        reason: 'too much',
        toolCallId: 'b',
      },
    });
    expect(w.executed).toEqual([]);
    expect((await a.attempt.run()).status).toBe('executed');
    expect(w.executed.map((e) => e.amount)).toEqual([20_000]);
    const stored = await w.approvals.getProposal(b.proposal.id);
    expect(stored).toMatchObject({ status: 'rejected', decidedBy: 'alice', note: 'too much' });
  });

  it('an edit of the same tool rejects the original and grants exactly the new hash', async () => {
    const w = decisionWorld();
    const a = await w.suspend(50_000, 'a');
    const args = { orderId: 'ord_1', amount: 40_000, currency: 'EUR' };
    const out = await decided(w, [a], {
      approver: 'alice',
      decisions: [editProposal(view(a), { name: 'refund', args }, { note: 'partial' })],
    });
    const outcome = out.get('a');
    if (outcome?.kind !== 'edited') throw new Error('expected edited');
    expect(outcome.attempt.proposalHash).not.toBe(a.proposal.proposalHash);
    expect(outcome.attempt.supersedes).toBe(a.proposal.id);
    const original = await w.approvals.getProposal(a.proposal.id);
    expect(original?.status).toBe('rejected');
    expect(original?.note).toContain(`superseded by an edit (${outcome.attempt.proposalHash})`);
    const records = await w.audit.records();
    expect(records.find((r) => r.type === 'rewritten')).toMatchObject({
      supersedes: a.proposal.proposalHash,
      proposalHash: outcome.attempt.proposalHash,
      approver: 'alice',
    });
    expect(await outcome.attempt.run()).toMatchObject({ status: 'executed' });
    expect(w.executed.map((e) => e.amount)).toEqual([40_000]);
  });

  it('an edit to another tool meets that tool policy: deny wins, nothing runs', async () => {
    const w = decisionWorld();
    const a = await w.suspend(50_000, 'a');
    const args = { orderId: 'ord_1', amount: 2_000_000, ticket: 'T-1' };
    const out = await decided(w, [a], {
      approver: 'alice',
      decisions: [editProposal(view(a), { name: 'refund_manual', args })],
    });
    expect(out.get('a')).toMatchObject({
      kind: 'refused',
      refusal: { code: 'denied', tool: 'refund_manual', reason: 'amount_above_ceiling' },
    });
    expect(w.executed).toEqual([]);
    expect(w.manualRuns).toEqual([]);
    const original = await w.approvals.getProposal(a.proposal.id);
    expect(original).toMatchObject({ status: 'rejected', note: 'edit refused (policy/denied)' });
  });

  it('an edit to another tool that needs approval is granted there, linked in audit only', async () => {
    const w = decisionWorld();
    const a = await w.suspend(50_000, 'a');
    const args = { orderId: 'ord_1', amount: 30_000, ticket: 'T-1' };
    const out = await decided(w, [a], {
      approver: 'alice',
      decisions: [editProposal(view(a), { name: 'refund_manual', args })],
    });
    const outcome = out.get('a');
    if (outcome?.kind !== 'edited') throw new Error('expected edited');
    expect(outcome.attempt.supersedes).toBeUndefined();
    const rewritten = (await w.audit.records()).find((r) => r.type === 'rewritten');
    expect(rewritten).toMatchObject({ tool: 'refund_manual', supersedes: a.proposal.proposalHash });
    expect(await outcome.attempt.run()).toMatchObject({ status: 'executed' });
    // the same call again: it ran on its grant, so it is refused and never pending again
    expect(await outcome.attempt.withContext(undefined).run()).toMatchObject({
      status: 'denied',
      reason: 'approval_used_up',
    });
    expect((await w.approvals.listPending()).filter((p) => p.tool === 'refund_manual')).toEqual([]);
    expect(w.manualRuns).toEqual([args]);
  });

  it('an edit that is identical to the proposal is an approval of it', async () => {
    const w = decisionWorld();
    const a = await w.suspend(50_000, 'a');
    const args = { orderId: 'ord_1', amount: 50_000, currency: 'EUR' };
    const out = await decided(w, [a], {
      approver: 'alice',
      decisions: [editProposal(view(a), { name: 'refund', args })],
    });
    expect(out.get('a')).toEqual({ kind: 'approved', attempt: a.attempt });
    expect((await w.approvals.getProposal(a.proposal.id))?.status).toBe('approved');
  });

  it('a proposal decided elsewhere first is not decided again', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    const verdict = await validateDecisions(
      w.authorizer,
      { approver: 'alice', decisions: [approveProposal(view(a))] },
      { pending: [a], toolFor: w.toolFor },
    );
    if (!verdict.ok) throw new Error('expected valid');
    await w.approvals.decide(a.proposal.proposalHash, { decision: 'reject', approver: 'console' });
    const out = await applyDecisions(w.authorizer, verdict.decisions);
    expect(out.get('a')?.kind).toBe('approved');
    expect(await a.attempt.run()).toMatchObject({ status: 'denied' });
    expect(w.executed).toEqual([]);
    expect((await w.approvals.getProposal(a.proposal.id))?.decidedBy).toBe('console');
  });

  it('identical calls share one proposal: an approval runs each once, never a third time', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    const twin = await w.suspend(20_000, 'a2');
    const out = await decided(w, [a, twin], {
      approver: 'alice',
      decisions: [approveProposal(view(a))],
    });
    expect([...out.values()].map((o) => o.kind)).toEqual(['approved', 'approved']);
    for (const item of [a, twin]) expect((await item.attempt.run()).status).toBe('executed');
    const third = await w.authorizer.prepare(w.tool, JSON.stringify(w.executed[0]), {
      toolCallId: 'a3',
    });
    if (!third.ok) throw new Error('prepare');
    expect((await third.attempt.run()).status).toBe('suspended');
    expect(w.executed).toHaveLength(2);
  });

  it('without an approval store every call is refused approval_store_missing', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    const bare = createAuthorizer({
      agent: 'support-bot',
      policy: thresholdPolicy,
      approvals: null,
    });
    const out = await applyDecisions(bare, [
      { items: [a], type: 'approve', approver: 'alice', note: undefined },
    ]);
    expect(out.get('a')).toMatchObject({
      kind: 'refused',
      refusal: { code: 'approval_store_missing' },
    });
    expect((await w.approvals.getProposal(a.proposal.id))?.status).toBe('pending');
  });
});

describe('decidePending', () => {
  it('binds to the proposal id, is false when not pending, throws on bad input', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    const hash = a.proposal.proposalHash;
    const input = { decision: 'approve' as const, approver: 'alice' };
    expect(await decidePending(w.approvals, hash, { ...input, proposalId: 'other' })).toBe(false);
    await expect(
      decidePending(w.approvals, hash, { ...input, approver: '' }),
    ).rejects.toMatchObject({
      code: 'invalid_approver',
    });
    expect((await w.approvals.getProposal(a.proposal.id))?.status).toBe('pending');
    expect(await decidePending(w.approvals, hash, { ...input, proposalId: a.proposal.id })).toBe(
      true,
    );
    expect(await decidePending(w.approvals, hash, input)).toBe(false);
    expect(await decidePending(w.approvals, 'e'.repeat(64), input)).toBe(false);
    expect(w.executed).toEqual([]);
  });
});
