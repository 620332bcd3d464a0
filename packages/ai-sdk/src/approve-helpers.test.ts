import { ApprovalError, createAuthorizer } from '@argseal/core';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { resultFor, start } from './__fixtures__/turns.js';
import { createTestWorld, policy } from './__fixtures__/world.js';
import { ArgsealAiSdkError, sealTools } from './index.js';

const refundCall = {
  toolCallId: 'r1',
  tool: 'refund',
  rawArguments: '{"orderId":"o-1","amount":100}',
};

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

async function paused(world = createTestWorld()) {
  const sealed = sealTools([world.tools.refund, world.tools.lookup], {
    authorizer: world.authorizer,
  });
  const messages: ModelMessage[] = [...start];
  const first = await generateText({ ...sealed.settings(scriptedModel([refundCall])), messages });
  messages.push(...first.responseMessages);
  const turn = async () => {
    const r = await generateText({
      ...sealed.settings(scriptedModel([])),
      messages,
      stopWhen: stepCountIs(3),
    });
    messages.push(...r.responseMessages);
    return r;
  };
  return { world, sealed, first, messages, turn };
}

const codeOf = (e: unknown) => (ArgsealAiSdkError.isInstance(e) ? e.code : String(e));

describe('sealed.pending / approve / reject: the one way to answer an approval', () => {
  it('pending names the approvalId of the tool-approval-request and the stored proposal', async () => {
    const { first, messages, sealed } = await paused();
    const request = first.content.find((p) => p.type === 'tool-approval-request');
    const [p, ...rest] = await sealed.pending(messages);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      approvalId: request?.approvalId,
      toolCallId: 'r1',
      tool: 'refund',
      proposalHash: sealed.proposalFor('r1')?.proposalHash,
      arguments: { orderId: 'o-1', amount: 100 },
      reason: 'refund above 50',
      proposal: { status: 'pending' },
    });
  });

  it('approve records the grant, appends the response; the next turn runs the call once', async () => {
    const { messages, sealed, turn, world } = await paused();
    const [p] = await sealed.pending(messages);
    const grant = await sealed.approve(messages, p!, { approver: 'alice', note: 'ok' });
    expect(grant).toMatchObject({
      decision: 'approve',
      approver: 'alice',
      proposalHash: p!.proposalHash,
    });
    expect(messages.at(-1)).toEqual({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: p!.approvalId, approved: true }],
    });
    expect(await sealed.pending(messages)).toEqual([]);
    await turn();
    expect(world.executed.map((e) => e.tool)).toEqual(['refund']);
    expect(resultFor(messages, 'r1')).toMatchObject({ type: 'json', value: { refunded: 100 } });
    // replaying the same messages finds the grant used up: nothing runs again
    await turn();
    expect(world.executed).toHaveLength(1);
  });

  it('several requests are answered in one tool message', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const calls = [
      refundCall,
      { ...refundCall, toolCallId: 'r2', rawArguments: '{"orderId":"o-2","amount":70}' },
    ];
    const messages: ModelMessage[] = [...start];
    const first = await generateText({ ...sealed.settings(scriptedModel(calls)), messages });
    messages.push(...first.responseMessages);
    const items = await sealed.pending(messages);
    expect(items.map((p) => p.toolCallId)).toEqual(['r1', 'r2']);
    await sealed.approve(messages, items[0]!, { approver: 'alice' });
    await sealed.reject(messages, items[1]!, { approver: 'alice', reason: 'no' });
    expect(messages.at(-1)?.content).toHaveLength(2);
    const r = await generateText({
      ...sealed.settings(scriptedModel([])),
      messages,
      stopWhen: stepCountIs(3),
    });
    messages.push(...r.responseMessages);
    expect(world.executed.map((e) => e.toolCallId)).toEqual(['r1']);
    expect(resultFor(messages, 'r2')?.type).toBe('execution-denied');
  });

  it('reject records a rejection; the model gets execution-denied, nothing runs', async () => {
    const { messages, sealed, turn, world } = await paused();
    const [p] = await sealed.pending(messages);
    await sealed.reject(messages, p!, { approver: 'bob', reason: 'already refunded' });
    expect((await world.approvals.getProposal(p!.proposal.id))?.status).toBe('rejected');
    await turn();
    expect(resultFor(messages, 'r1')?.type).toBe('execution-denied');
    expect(world.executed).toEqual([]);
  });

  it('works with the authorizer default store (no approvals passed)', async () => {
    const world = createTestWorld();
    const authorizer = createAuthorizer({ agent: 'support', policy });
    const { messages, sealed, turn } = await paused({ ...world, authorizer });
    const [p] = await sealed.pending(messages);
    await sealed.approve(messages, p!, { approver: 'alice' });
    await turn();
    expect(world.executed.map((e) => e.tool)).toEqual(['refund']);
  });
});

describe('sealed.approve / reject: bad input decides nothing and appends nothing', () => {
  async function refused(
    act: (s: Awaited<ReturnType<typeof paused>>) => Promise<unknown>,
    world = createTestWorld(),
  ) {
    const ctx = await paused(world);
    const before = structuredClone(ctx.messages);
    const error = await act(ctx).catch((e: unknown) => e);
    expect(ctx.messages).toEqual(before);
    expect(world.executed).toEqual([]);
    const stored = await world.approvals.listProposals({ status: 'all' });
    expect(stored.map((p) => p.status)).toEqual(['pending']);
    return error;
  }

  it('an approvalId that is no unanswered request: approval_request_not_found', async () => {
    const error = await refused(({ messages, sealed }) =>
      sealed.approve(messages, { approvalId: 'forged' }, { approver: 'alice' }),
    );
    expect(codeOf(error)).toBe('approval_request_not_found');
  });

  it('messages that are not an array: approval_request_not_found', async () => {
    const error = await refused(({ sealed }) =>
      sealed.approve({} as never, { approvalId: 'x' }, { approver: 'alice' }),
    );
    expect(codeOf(error)).toBe('approval_request_not_found');
  });

  it.each([
    ['an unknown key', { approver: 'alice', uses: 9 }],
    ['a decision key', { approver: 'alice', decision: 'reject' }],
    ['null', null],
  ])('options with %s: invalid_approval_options', async (_, options) => {
    const error = await refused(async ({ messages, sealed }) => {
      const [p] = await sealed.pending(messages);
      return sealed.approve(messages, p!, options as never);
    });
    expect(codeOf(error)).toBe('invalid_approval_options');
  });

  it("the store's own validation (blank approver) throws ApprovalError invalid_approver", async () => {
    const error = await refused(async ({ messages, sealed }) => {
      const [p] = await sealed.pending(messages);
      return sealed.approve(messages, p!, { approver: ' ' });
    });
    expect(ApprovalError.isInstance(error) && error.code).toBe('invalid_approver');
  });

  it('a request whose proposal was decided elsewhere: proposal_not_found', async () => {
    const world = createTestWorld();
    const ctx = await paused(world);
    const [p] = await ctx.sealed.pending(ctx.messages);
    await world.approvals.decide(p!.proposalHash, { decision: 'reject', approver: 'bob' });
    expect(await ctx.sealed.pending(ctx.messages)).toEqual([]);
    const before = structuredClone(ctx.messages);
    const error = await ctx.sealed.approve(ctx.messages, p!, { approver: 'alice' }).catch((e) => e);
    expect(codeOf(error)).toBe('proposal_not_found');
    expect(error).toMatchObject({ tool: 'refund' });
    expect(ctx.messages).toEqual(before);
    expect((await world.approvals.getProposal(p!.proposal.id))?.status).toBe('rejected');
  });

  it('without a store (approvals: null) nothing is pending and approve finds no proposal', async () => {
    const world = createTestWorld();
    const authorizer = createAuthorizer({ agent: 'support', policy, approvals: null });
    const sealed = sealTools([world.tools.refund], { authorizer });
    const messages: ModelMessage[] = [...start];
    const first = await generateText({ ...sealed.settings(scriptedModel([refundCall])), messages });
    messages.push(...first.responseMessages);
    expect(await sealed.pending(messages)).toEqual([]);
    expect(world.executed).toEqual([]);
  });
});
