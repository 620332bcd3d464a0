import { verifyAuditChain } from '@argseal/core/store';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { makeProposal } from './store-fixtures.js';

/** A store created with an audit sink reports its decisions and consumptions there. */
export function eventCases(fx: () => ApprovalStoreFixture): void {
  it('decisions reach the audit sink as one valid chain', async (ctx) => {
    const { store, audit } = fx();
    if (!audit) return ctx.skip();
    const approvedOne = await makeProposal();
    const rejectedOne = await makeProposal();
    await store.suspend(approvedOne);
    await store.suspend(rejectedOne);
    await store.decide(approvedOne.proposalHash, { decision: 'approve', approver: 'alice' });
    await store.decide(rejectedOne.proposalHash, { decision: 'reject', approver: 'bob' });
    await store.consume(approvedOne.bindingHash, { agent: approvedOne.agent });
    const records = await audit.records();
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
    const of = (hash: string) => records.filter((r) => r.proposalHash === hash).map((r) => r.type);
    expect(of(approvedOne.proposalHash)).toContain('approval_granted');
    expect(of(rejectedOne.proposalHash)).toContain('approval_rejected');
    const granted = records.find(
      (r) => r.type === 'approval_granted' && r.proposalHash === approvedOne.proposalHash,
    );
    expect(granted).toMatchObject({
      approver: 'alice',
      decision: 'approve',
      agent: approvedOne.agent,
      tool: approvedOne.tool,
      toolCallId: approvedOne.toolCallId,
      proposalId: approvedOne.id,
      bindingHash: approvedOne.bindingHash,
    });
  });

  it('refused input appends nothing to the audit sink', async (ctx) => {
    const { store, audit } = fx();
    if (!audit) return ctx.skip();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const before = (await audit.records()).length;
    await store
      .decide(proposal.proposalHash, { decision: 'approve', approver: '' })
      .catch(() => undefined);
    await store.decide('bad', { decision: 'approve', approver: 'a' }).catch(() => undefined);
    await store.consume('bad', { agent: 'a' }).catch(() => undefined);
    expect((await audit.records()).length).toBe(before);
  });
}
