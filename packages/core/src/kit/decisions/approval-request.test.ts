import { describe, expect, it } from 'vitest';
import { decisionWorld } from './__fixtures__/pending.js';
import { approvalRequest, auditDecisionRefusals } from './approval-request.js';
import { APPROVAL_REQUEST_KIND } from './types.js';

describe('approvalRequest', () => {
  it('lists each pending proposal once with every call it stands for', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    const twin = await w.suspend(20_000, 'a2');
    const b = await w.suspend(30_000, 'b');
    const request = approvalRequest('support-bot', [a, twin, b]);
    expect(request).toMatchObject({
      kind: APPROVAL_REQUEST_KIND,
      version: 1,
      agent: 'support-bot',
    });
    expect(request.refused).toBeUndefined();
    expect(request.proposals.map((p) => [p.toolCallId, p.toolCallIds])).toEqual([
      ['a', ['a', 'a2']],
      ['b', ['b']],
    ]);
    expect(request.proposals[0]).toMatchObject({
      id: a.proposal.id,
      proposalHash: a.proposal.proposalHash,
      arguments: { amount: 20_000, currency: 'EUR', orderId: 'ord_1' },
      reason: 'amount_above_threshold',
    });
    const refused = [{ index: -1, code: 'invalid_resume' as const, message: 'm' }];
    expect(approvalRequest('support-bot', [b], refused).refused).toEqual(refused);
  });

  it('auditDecisionRefusals records approval_mismatched per refusal', async () => {
    const w = decisionWorld();
    const a = await w.suspend(20_000, 'a');
    await auditDecisionRefusals(w.authorizer, [
      { index: 0, code: 'stale_decision', message: 'm', proposalHash: a.proposal.proposalHash },
      { index: -1, code: 'invalid_resume', message: 'm' },
    ]);
    const mismatched = (await w.audit.records()).filter((r) => r.type === 'approval_mismatched');
    expect(mismatched.map((r) => [r.reason, r.proposalHash])).toEqual([
      ['resume_refused:stale_decision', a.proposal.proposalHash],
      ['resume_refused:invalid_resume', undefined],
    ]);
  });
});
