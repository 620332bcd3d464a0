import { describe, expect, it } from 'vitest';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import { createAuthorizer } from '../authorizer/create-authorizer.js';
import type { PolicyDecision } from '../policy/types.js';
import { defineTool } from '../tool/define-tool.js';
import { createMemoryApprovalStore } from './memory-store.js';

// Four eyes through the authorizer: the policy's rule and the server-context requester reach
// the store, which enforces them; the model never supplies either.
const refund = (context?: (ctx: { user?: string }) => Record<string, string | undefined>) =>
  defineTool<{ amount: number; requester?: string }, unknown, { user?: string }>({
    name: 'refund',
    schema: {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: (v) => ({ value: v as { amount: number } }),
      },
    },
    execute: (input) => ({ refunded: input.amount }),
    ...(context ? { presentation: { title: 'Refund', context } } : {}),
  });

function setup(decision: unknown) {
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer<{ user?: string }>({
    agent: 'bot',
    policy: () => decision as PolicyDecision,
    approvals,
    audit,
  });
  return { approvals, audit, authorizer };
}

describe('four eyes from policy to store', () => {
  it('the rule and the requester (server context, never the arguments) reach the proposal', async () => {
    const { approvals, authorizer } = setup({
      type: 'require_approval',
      reason: 'big',
      approvals: { required: 2, excludeRequester: true },
    });
    const tool = refund((ctx) => ({ requester: ctx.user }));
    const out = await authorizer.call(tool, '{"amount":5,"requester":"mallory"}', {
      toolCallId: 'c1',
      context: { user: 'dana' },
    });
    if (out.status !== 'suspended') throw new Error(`expected suspended, got ${out.status}`);
    const stored = await approvals.getProposal(out.proposal.id);
    expect(stored).toMatchObject({
      requester: 'dana',
      approvals: { required: 2, excludeRequester: true, received: [] },
    });
    await expect(
      approvals.decide(stored!.proposalHash, { decision: 'approve', approver: 'dana' }),
    ).rejects.toMatchObject({ code: 'requester_cannot_approve' });
    await approvals.decide(stored!.proposalHash, { decision: 'approve', approver: 'erin' });
    const early = await authorizer.call(tool, '{"amount":5,"requester":"mallory"}', {
      toolCallId: 'c2',
      context: { user: 'dana' },
    });
    expect(early.status).toBe('suspended');
    await approvals.decide(stored!.proposalHash, { decision: 'approve', approver: 'finn' });
    const run = await authorizer.call(tool, '{"amount":5,"requester":"mallory"}', {
      toolCallId: 'c3',
      context: { user: 'dana' },
    });
    expect(run.status).toBe('executed');
  });

  it('a malformed rule from the policy denies the call; nothing is stored', async () => {
    for (const approvals of [{ required: 0 }, { required: 2, who: 'x' }, 'two', { group: '' }]) {
      const { approvals: store, authorizer } = setup({
        type: 'require_approval',
        reason: 'big',
        approvals,
      });
      const out = await authorizer.call(refund(), '{"amount":5}', { toolCallId: 'c' });
      expect(out).toMatchObject({ status: 'denied', reason: 'invalid_policy_decision' });
      expect(await store.listProposals()).toEqual([]);
    }
  });

  it('excludeRequester without a requester is refused (requester_required); nothing is stored', async () => {
    const { approvals, authorizer } = setup({
      type: 'require_approval',
      reason: 'big',
      approvals: { excludeRequester: true },
    });
    await expect(
      authorizer.call(refund(), '{"amount":5}', { toolCallId: 'c' }),
    ).rejects.toMatchObject({ code: 'requester_required' });
    expect(await approvals.listProposals()).toEqual([]);
  });
});
