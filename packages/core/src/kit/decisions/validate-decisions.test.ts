import { describe, expect, it } from 'vitest';
import { decisionWorld } from './__fixtures__/pending.js';
import { approveProposal, editProposal, rejectProposal } from './decision-builders.js';
import { validateDecisions } from './validate-decisions.js';

const view = (p: { proposal: { id: string; proposalHash: string } }) => ({
  id: p.proposal.id,
  proposalHash: p.proposal.proposalHash,
});

async function twoPending() {
  const w = decisionWorld();
  const a = await w.suspend(20_000, 'a');
  const b = await w.suspend(30_000, 'b');
  const validate = (value: unknown) =>
    validateDecisions(w.authorizer, value, { pending: [a, b], toolFor: w.toolFor });
  /** Nothing was decided, stored as a new proposal, or executed. */
  const untouched = async () => {
    expect(w.executed).toEqual([]);
    expect(w.manualRuns).toEqual([]);
    const all = await w.approvals.listProposals({ status: 'all' });
    expect(all.map((p) => p.status)).toEqual(['pending', 'pending']);
  };
  return { ...w, a, b, validate, untouched };
}

describe('validateDecisions', () => {
  it('matches decisions by hash in any order, with a fallback approver', async () => {
    const w = await twoPending();
    const verdict = await w.validate({
      approver: 'alice',
      decisions: [rejectProposal(view(w.b), { note: 'no' }), approveProposal(view(w.a))],
    });
    if (!verdict.ok) throw new Error(JSON.stringify(verdict.refusals));
    expect(verdict.decisions.map((d) => [d.type, d.items[0]?.toolCallId, d.approver])).toEqual([
      ['reject', 'b', 'alice'],
      ['approve', 'a', 'alice'],
    ]);
    expect(verdict.decisions[0]?.note).toBe('no');
    await w.untouched();
  });

  it.each([
    ['not an object', 'yes', [['invalid_resume', -1]]],
    ['no decisions list', { approve: true }, [['invalid_resume', -1]]],
    [
      'positional decisions',
      { decisions: [{ type: 'approve' }, { type: 'approve' }] },
      [
        ['decision_not_pending', 0],
        ['decision_not_pending', 1],
        ['decision_missing', -1],
        ['decision_missing', -1],
      ],
    ],
    [
      'an unknown type',
      { decisions: [{ type: 'maybe' }] },
      [
        ['invalid_decision', 0],
        ['decision_missing', -1],
        ['decision_missing', -1],
      ],
    ],
  ])('%s is refused with exact codes; nothing is applied', async (_label, value, codes) => {
    const w = await twoPending();
    const verdict = await w.validate(value);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.refusals.map((r) => [r.code, r.index])).toEqual(codes);
    await w.untouched();
  });

  it('refuses a forged hash, a stale id, a duplicate and a missing approver', async () => {
    const w = await twoPending();
    const verdict = await w.validate({
      decisions: [
        approveProposal({ ...view(w.a), proposalHash: 'f'.repeat(64) }, { approver: 'x' }),
        approveProposal({ ...view(w.a), id: 'older-id' }, { approver: 'x' }),
        approveProposal(view(w.b), { approver: 'x' }),
        rejectProposal(view(w.b), { approver: 'x' }),
      ],
    });
    if (verdict.ok) throw new Error('expected refusals');
    expect(verdict.refusals.map((r) => [r.code, r.index, r.proposalHash])).toEqual([
      ['decision_not_pending', 0, 'f'.repeat(64)],
      ['stale_decision', 1, w.a.proposal.proposalHash],
      ['duplicate_decision', 3, w.b.proposal.proposalHash],
    ]);
    const noApprover = await w.validate({
      decisions: [approveProposal(view(w.a)), approveProposal(view(w.b), { approver: '  ' })],
    });
    expect(noApprover.ok ? [] : noApprover.refusals.map((r) => r.code)).toEqual([
      'approver_missing',
      'approver_missing',
    ]);
    await w.untouched();
  });

  it('refuses an approver or note the store rules refuse', async () => {
    const w = await twoPending();
    const verdict = await w.validate({
      decisions: [
        approveProposal(view(w.a), { approver: 'a'.repeat(201) }),
        approveProposal(view(w.b), { approver: 'bob', note: 'n'.repeat(2001) }),
      ],
    });
    expect(verdict.ok ? [] : verdict.refusals.map((r) => r.code)).toEqual([
      'invalid_decision',
      'invalid_decision',
    ]);
    expect(verdict.ok ? '' : verdict.refusals[0]?.message).toContain('invalid_approver');
    await w.untouched();
  });

  it('prepares an edit through its target tool; bad edits are refused with stage and code', async () => {
    const w = await twoPending();
    const ok = await w.validate({
      approver: 'alice',
      decisions: [
        editProposal(view(w.a), {
          name: 'refund',
          args: { orderId: 'o', amount: 5, currency: 'EUR' },
        }),
        rejectProposal(view(w.b)),
      ],
    });
    if (!ok.ok) throw new Error(JSON.stringify(ok.refusals));
    const edited = ok.decisions[0]?.edited?.[0];
    expect(edited?.supersedes).toBe(w.a.proposal.id);
    expect(edited?.provenance).toBe('decoded_only');
    const bad = await w.validate({
      approver: 'alice',
      decisions: [
        editProposal(view(w.a), { name: 'refund_manual', args: { orderId: 'o' } }),
        editProposal(view(w.b), { name: 'shell', args: {} }),
      ],
    });
    if (bad.ok) throw new Error('expected refusals');
    expect(bad.refusals).toMatchObject([
      { code: 'edit_invalid_arguments', stage: 'schema', index: 0 },
      { code: 'edit_unknown_tool', index: 1 },
    ]);
    const shapeless = await w.validate({
      approver: 'alice',
      decisions: [{ ...approveProposal(view(w.a)), type: 'edit' }, rejectProposal(view(w.b))],
    });
    expect(shapeless.ok ? [] : shapeless.refusals.map((r) => r.code)).toEqual(['invalid_decision']);
    await w.untouched();
  });

  it('identical calls share one proposal: one decision covers both', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    const twin = await w.suspend(20_000, 'a2');
    expect(twin.proposal.proposalHash).toBe(a.proposal.proposalHash);
    const verdict = await validateDecisions(
      w.authorizer,
      { approver: 'alice', decisions: [approveProposal(view(a))] },
      { pending: [a, twin], toolFor: w.toolFor },
    );
    expect(verdict.ok && verdict.decisions[0]?.items.map((i) => i.toolCallId)).toEqual(['a', 'a2']);
  });
});
