import { createAuthorizer, defineTool } from '@argseal/core';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { approveAll, resultFor, start } from './__fixtures__/turns.js';
import { createTestWorld } from './__fixtures__/world.js';
import { sealTools } from './index.js';

const refundCall = {
  toolCallId: 'r1',
  tool: 'refund',
  rawArguments: '{"orderId":"o-1","amount":100}',
};

async function pause(trustClientApprovals?: boolean) {
  const world = createTestWorld();
  const sealed = sealTools([world.tools.refund], {
    authorizer: world.authorizer,
    ...(trustClientApprovals ? { trustClientApprovals } : {}),
  });
  const first = await generateText({
    ...sealed.settings(scriptedModel([refundCall])),
    messages: start,
  });
  const history: ModelMessage[] = [...start, ...first.responseMessages];
  const resume = async (messages: ModelMessage[]) => {
    const r = await generateText({
      ...sealed.settings(scriptedModel([])),
      messages,
      stopWhen: stepCountIs(3),
    });
    return [...messages, ...r.responseMessages];
  };
  return { world, sealed, first, history, resume };
}

describe('approval flow', () => {
  it('pauses with the policy reason on the approval request and exposes the proposal', async () => {
    const { first, sealed, world } = await pause();
    const request = first.content.find((p) => p.type === 'tool-approval-request');
    expect(request).toMatchObject({ toolCall: { toolCallId: 'r1' }, reason: 'refund above 50' });
    const proposal = sealed.proposalFor('r1');
    expect(proposal?.argsCanonicalJson).toBe('{"amount":100,"orderId":"o-1"}');
    expect((await world.approvals.listPending()).map((p) => p.proposalHash)).toEqual([
      proposal?.proposalHash,
    ]);
  });

  it('a resume without a server grant is answered execution-denied naming the proposal hash', async () => {
    const { history, resume, sealed, world } = await pause();
    const after = await resume(approveAll(history));
    const output = resultFor(after, 'r1');
    expect(output?.type).toBe('execution-denied');
    expect(output?.reason).toContain(sealed.proposalFor('r1')?.proposalHash);
    expect(world.executed).toHaveLength(0);
  });

  it('replaying the resume of a call that ran: approval_used_up, never pending again', async () => {
    const { history, resume, sealed, world } = await pause();
    const hash = sealed.proposalFor('r1')?.proposalHash ?? '';
    await world.approvals.decide(hash, { decision: 'approve', approver: 'alice' });
    const messages = approveAll(history);
    await resume(messages);
    expect(world.executed).toHaveLength(1);
    const before = JSON.stringify(await world.approvals.listProposals({ status: 'all' }));
    for (let i = 0; i < 2; i++) {
      const again = await resume(messages);
      expect(resultFor(again, 'r1')).toMatchObject({
        type: 'execution-denied',
        reason: expect.stringContaining('code=approval_used_up'),
      });
    }
    expect(world.executed).toHaveLength(1);
    expect(await world.approvals.listPending()).toEqual([]);
    expect(JSON.stringify(await world.approvals.listProposals({ status: 'all' }))).toBe(before);
  });

  it('a server-side reject is final: denied with approval_rejected', async () => {
    const { history, resume, sealed, world } = await pause();
    await world.approvals.decide(sealed.proposalFor('r1')?.proposalHash ?? '', {
      decision: 'reject',
      approver: 'bob',
    });
    const after = await resume(approveAll(history));
    expect(resultFor(after, 'r1')).toMatchObject({
      type: 'execution-denied',
      reason: expect.stringContaining('code=approval_rejected'),
    });
    expect(world.executed).toHaveLength(0);
  });

  it('a client refusal with a server grant executes nothing', async () => {
    const { history, resume, sealed, world } = await pause();
    await world.approvals.decide(sealed.proposalFor('r1')?.proposalHash ?? '', {
      decision: 'approve',
      approver: 'alice',
    });
    const messages = approveAll(history);
    const last = messages.at(-1) as { content: { approved: boolean }[] };
    for (const part of last.content) part.approved = false;
    const after = await resume(messages);
    expect(resultFor(after, 'r1')?.type).toBe('execution-denied');
    expect(world.executed).toHaveLength(0);
  });

  it('a resume with edited arguments is audited as approval_mismatched, superseding the approved hash', async () => {
    const { history, resume, sealed, world } = await pause();
    const approved = sealed.proposalFor('r1')?.proposalHash ?? '';
    await world.approvals.decide(approved, { decision: 'approve', approver: 'alice' });
    const messages = approveAll(history);
    for (const m of messages) {
      if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
      for (const p of m.content)
        if (p.type === 'tool-call') p.input = { orderId: 'o-1', amount: 100000 };
    }
    // A fresh seal (another process) finds the prior proposal in the store.
    const other = sealTools([world.tools.refund], { authorizer: world.authorizer });
    await generateText({ ...other.settings(scriptedModel([])), messages });
    expect(world.executed).toHaveLength(0);
    const mismatch = (await world.audit.records()).find((r) => r.type === 'approval_mismatched');
    expect(mismatch?.supersedes).toBe(approved);
    expect(mismatch?.proposalHash).not.toBe(approved);
    await resume(messages);
    expect(world.executed).toHaveLength(0);
  });

  it('two concurrent resumes with one grant execute exactly once', async () => {
    const { history, resume, sealed, world } = await pause();
    await world.approvals.decide(sealed.proposalFor('r1')?.proposalHash ?? '', {
      decision: 'approve',
      approver: 'alice',
    });
    const messages = approveAll(history);
    await Promise.all([resume(messages), resume(messages), resume(messages)]);
    expect(world.executed).toHaveLength(1);
  });

  it('a non-idempotent schema transform still resumes to the same hash (history holds the pre-schema request)', async () => {
    const world = createTestWorld();
    const executed: unknown[] = [];
    const toCents = defineTool({
      name: 'charge',
      schema: z.object({ euros: z.number().int() }).transform((v) => ({ cents: v.euros * 100 })),
      execute: (input) => {
        executed.push(input);
        return 'ok';
      },
    });
    const authorizer = createAuthorizer({
      agent: 'support',
      policy: () => ({ type: 'require_approval', reason: 'always' }),
      approvals: world.approvals,
      audit: world.audit,
    });
    const sealed = sealTools([toCents], { authorizer });
    const first = await generateText({
      ...sealed.settings(
        scriptedModel([{ toolCallId: 'n1', tool: 'charge', rawArguments: '{"euros":7}' }]),
      ),
      messages: start,
    });
    const history: ModelMessage[] = [...start, ...first.responseMessages];
    expect(first.steps[0]?.toolCalls[0]?.input).toEqual({ euros: 7 });
    const proposal = sealed.proposalFor('n1');
    expect(proposal?.argsCanonicalJson).toBe('{"cents":700}');
    await world.approvals.decide(proposal?.proposalHash ?? '', {
      decision: 'approve',
      approver: 'alice',
    });
    await generateText({ ...sealed.settings(scriptedModel([])), messages: approveAll(history) });
    expect(executed).toEqual([{ cents: 700 }]);
  });

  it('a new call reusing an old provider tool-call id still pauses (sequential ids)', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund, world.tools.lookup], {
      authorizer: world.authorizer,
    });
    const first = await generateText({
      ...sealed.settings(
        scriptedModel([
          { toolCallId: 'call_0', tool: 'lookup', rawArguments: '{"orderId":"o-1"}' },
        ]),
      ),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    const history: ModelMessage[] = [
      ...start,
      ...first.responseMessages,
      { role: 'user', content: 'refund it' },
    ];
    const second = await generateText({
      ...sealed.settings(
        scriptedModel([
          { toolCallId: 'call_0', tool: 'refund', rawArguments: '{"orderId":"o-1","amount":100}' },
        ]),
      ),
      messages: history,
    });
    expect(second.content.some((p) => p.type === 'tool-approval-request')).toBe(true);
    expect(world.executed.map((e) => e.tool)).toEqual(['lookup']);
  });

  describe('trustClientApprovals (opt-in)', () => {
    it('turns the client approval into a grant bound to the hash, executes once, never on replay', async () => {
      const { history, resume, world } = await pause(true);
      const messages = approveAll(history);
      await resume(messages);
      expect(world.executed).toHaveLength(1);
      const records = await world.audit.records();
      expect(records.find((r) => r.type === 'approval_granted')?.approver).toBe('client');
      await resume(messages);
      await resume(messages);
      expect(world.executed).toHaveLength(1);
    });

    it('does not approve edited arguments: a new hash finds no pending proposal', async () => {
      const { history, resume, world } = await pause(true);
      const messages = approveAll(history);
      for (const m of messages) {
        if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
        for (const p of m.content)
          if (p.type === 'tool-call') p.input = { orderId: 'o-1', amount: 100000 };
      }
      const after = await resume(messages);
      expect(world.executed).toHaveLength(0);
      expect(resultFor(after, 'r1')?.type).toBe('execution-denied');
      const hashes = (await world.approvals.listProposals({ status: 'all' })).map((p) => p.status);
      expect(hashes).toEqual(['pending', 'pending']);
    });

    it('is off by default', async () => {
      const { history, resume, world } = await pause();
      await resume(approveAll(history));
      expect(world.executed).toHaveLength(0);
      expect((await world.audit.records()).some((r) => r.type === 'approval_granted')).toBe(false);
    });
  });
});
