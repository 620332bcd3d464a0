import { verifyAuditChain } from '@argseal/core/store';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { Command, MemorySaver } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { call, runConfig, supportAgent } from './__fixtures__/agent.js';
import { supportWorld } from './__fixtures__/support-world.js';
import type { ArgsealApprovalRequest } from './index.js';
import { approve, edit, getApprovalRequest, reject, resumeWith } from './index.js';

const user = { messages: [{ role: 'user', content: 'refund please' }] };
const REFUND_A = '{"orderId":"A-1","amountMinor":9000}';
const REFUND_B = '{"orderId":"B-2","amountMinor":7000}';

function replies(messages: readonly BaseMessage[]): Map<string, ToolMessage> {
  const out = new Map<string, ToolMessage>();
  for (const m of messages) if (ToolMessage.isInstance(m)) out.set(m.tool_call_id, m);
  return out;
}

async function pausedTwoRefunds(thread: string, checkpointer = new MemorySaver()) {
  const world = supportWorld();
  const turns = [{ toolCalls: [call('a', 'refund', REFUND_A), call('b', 'refund', REFUND_B)] }];
  const { agent } = supportAgent(world, turns, checkpointer);
  const paused = await agent.invoke(user, runConfig(thread));
  const request = getApprovalRequest(paused) as ArgsealApprovalRequest;
  const byCall = (id: string) => request.proposals.find((p) => p.toolCallId === id)!;
  return { world, agent, turns, checkpointer, request, a: byCall('a'), b: byCall('b') };
}

describe('approval flow', () => {
  it('pauses once with a payload listing every proposal', async () => {
    const { world, request } = await pausedTwoRefunds('payload');
    expect(world.executed).toEqual([]);
    expect(request).toMatchObject({
      kind: 'argseal.approval_request',
      version: 1,
      agent: 'support-agent',
    });
    expect(request.proposals).toHaveLength(2);
    const pending = await world.approvals.listPending();
    for (const p of request.proposals) {
      const stored = pending.find((s) => s.proposalHash === p.proposalHash);
      expect(stored?.id).toBe(p.id);
      expect(p.reason).toBe('refund above 5000 minor units');
      expect(p.tool).toBe('refund');
    }
    expect(request.proposals.find((p) => p.toolCallId === 'a')).toMatchObject({
      arguments: { amountMinor: 9000, orderId: 'A-1' },
      argsCanonicalJson: '{"amountMinor":9000,"orderId":"A-1"}',
    });
  });

  it('decisions given in reverse order still apply to the right calls', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('reverse');
    const result = await agent.invoke(
      resumeWith({ approver: 'alice', decisions: [reject(b, { note: 'too much' }), approve(a)] }),
      runConfig('reverse'),
    );
    expect(world.executed).toEqual([
      { tool: 'refund', input: { orderId: 'A-1', amountMinor: 9000 } },
    ]);
    const r = replies(result.messages);
    expect(r.get('a')?.status).toBe('success');
    expect(r.get('b')?.status).toBe('error');
    expect(r.get('b')?.content).toContain('too much');
    expect((await world.approvals.findPending(a.proposalHash)) ?? null).toBeNull();
  });

  it('rejecting one call does not drop an approved sibling (unlike humanInTheLoopMiddleware)', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('sibling');
    const result = await agent.invoke(
      resumeWith({ approver: 'alice', decisions: [approve(a), reject(b)] }),
      runConfig('sibling'),
    );
    // The approved sibling runs; the rejected call is answered with an error result;
    // then the model gets both results on its next turn.
    expect(world.executed.map((e) => e.tool)).toEqual(['refund']);
    const r = replies(result.messages);
    expect(r.get('a')?.status).toBe('success');
    expect((r.get('b')?.artifact as any)?.argseal?.code).toBe('approval_rejected');
    expect(result.messages.at(-1)?.content).toBe('done');
  });

  it('an edit is a new proposal with its own hash; audit links it to the original', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('edit');
    const result = await agent.invoke(
      resumeWith({
        approver: 'alice',
        decisions: [
          edit(
            a,
            { name: 'refund', args: { orderId: 'A-1', amountMinor: 4000 } },
            { note: 'partial' },
          ),
          approve(b),
        ],
      }),
      runConfig('edit'),
    );
    expect(world.executed).toEqual([
      { tool: 'refund', input: { orderId: 'A-1', amountMinor: 4000 } },
      { tool: 'refund', input: { orderId: 'B-2', amountMinor: 7000 } },
    ]);
    const ai = result.messages.find(
      (m) => AIMessage.isInstance(m) && m.tool_calls?.length,
    ) as AIMessage;
    expect(ai.tool_calls?.find((c) => c.id === 'a')?.args).toEqual({
      amountMinor: 4000,
      orderId: 'A-1',
    });
    const records = await world.audit.records();
    const rewritten = records.find(
      (r) => r.type === 'rewritten' && r.supersedes === a.proposalHash,
    );
    expect(rewritten).toMatchObject({ tool: 'refund', toolCallId: 'a', approver: 'alice' });
    expect(rewritten?.proposalHash).not.toBe(a.proposalHash);
    const executed = records.find((r) => r.type === 'executed' && r.toolCallId === 'a');
    expect(executed?.proposalHash).toBe(rewritten?.proposalHash);
    const original = await world.approvals.getProposal(a.id);
    expect(original?.status).toBe('rejected');
    expect((await verifyAuditChain(records)).ok).toBe(true);
  });

  it('an edit that renames the tool meets the stricter tool policy (deny wins)', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('stricter-deny');
    const result = await agent.invoke(
      resumeWith({
        approver: 'alice',
        decisions: [
          edit(a, {
            name: 'refund_manual',
            args: { orderId: 'A-1', amountMinor: 30000, ticket: 'T-1' },
          }),
          reject(b),
        ],
      }),
      runConfig('stricter-deny'),
    );
    expect(world.executed).toEqual([]);
    const reply = replies(result.messages).get('a');
    expect(reply?.name).toBe('refund_manual');
    expect(reply?.content).toContain('capped at 20000');
  });

  it('an edit to a stricter tool that needs approval runs once, approved by the edit itself', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('stricter-approve');
    await agent.invoke(
      resumeWith({
        approver: 'alice',
        decisions: [
          edit(a, {
            name: 'refund_manual',
            args: { orderId: 'A-1', amountMinor: 9000, ticket: 'T-1' },
          }),
          reject(b),
        ],
      }),
      runConfig('stricter-approve'),
    );
    expect(world.executed).toEqual([
      { tool: 'refund_manual', input: { orderId: 'A-1', amountMinor: 9000, ticket: 'T-1' } },
    ]);
    const records = await world.audit.records();
    const decided = records.filter((r) => r.type === 'decided' && r.tool === 'refund_manual');
    expect(decided.every((r) => r.decision === 'require_approval')).toBe(true);
    expect(records.some((r) => r.type === 'approval_consumed' && r.tool === 'refund_manual')).toBe(
      true,
    );
  });

  it('an edit that fails the target schema is refused and nothing is applied', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('edit-bad');
    const again = await agent.invoke(
      resumeWith({
        approver: 'alice',
        decisions: [edit(a, { name: 'refund_manual', args: { orderId: 'A-1' } }), approve(b)],
      }),
      runConfig('edit-bad'),
    );
    const request = getApprovalRequest(again);
    expect(request?.refused?.[0]).toMatchObject({
      code: 'edit_invalid_arguments',
      stage: 'schema',
    });
    expect(world.executed).toEqual([]);
    expect(await world.approvals.findPending(b.proposalHash)).toBeDefined();
  });
});

describe('resume refusals', () => {
  it('a decision for a hash that is not pending is refused; a valid resume then works', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('tampered');
    const forged = { ...a, proposalHash: 'f'.repeat(64) };
    const refused = await agent.invoke(
      resumeWith({ approver: 'mallory', decisions: [approve(forged), approve(b)] }),
      runConfig('tampered'),
    );
    const request = getApprovalRequest(refused);
    expect(request?.refused?.map((r) => r.code).sort()).toEqual([
      'decision_missing',
      'decision_not_pending',
    ]);
    expect(request?.proposals.map((p) => p.proposalHash).sort()).toEqual(
      [a.proposalHash, b.proposalHash].sort(),
    );
    expect(world.executed).toEqual([]);
    expect(await world.approvals.listPending()).toHaveLength(2);
    const records = await world.audit.records();
    expect(
      records.some(
        (r) =>
          r.type === 'approval_mismatched' && r.reason === 'resume_refused:decision_not_pending',
      ),
    ).toBe(true);

    await agent.invoke(
      resumeWith({ approver: 'alice', decisions: [approve(a), approve(b)] }),
      runConfig('tampered'),
    );
    expect(world.executed).toHaveLength(2);
  });

  it.each([
    [
      'positional HITL decisions',
      { decisions: [{ type: 'approve' }, { type: 'approve' }] },
      'decision_not_pending',
    ],
    ['no decisions list', { approve: true }, 'invalid_resume'],
  ])('%s are refused', async (_label, resume, code) => {
    const { world, agent } = await pausedTwoRefunds(`refuse-${code}`);
    const again = await agent.invoke(new Command({ resume }), runConfig(`refuse-${code}`));
    expect(getApprovalRequest(again)?.refused?.[0]?.code).toBe(code);
    expect(world.executed).toEqual([]);
  });

  it('a decision without an approver is refused', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('no-approver');
    const again = await agent.invoke(
      resumeWith({ decisions: [approve(a), approve(b)] }),
      runConfig('no-approver'),
    );
    expect(getApprovalRequest(again)?.refused?.map((r) => r.code)).toEqual([
      'approver_missing',
      'approver_missing',
    ]);
    expect(world.executed).toEqual([]);
  });

  it('replaying a recorded decision from an old checkpoint cannot execute twice', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('replay');
    const pausedAt = (await agent.graph.getState(runConfig('replay'))).config.configurable
      ?.checkpoint_id;
    const decisions = { approver: 'alice', decisions: [approve(a), approve(b)] };
    await agent.invoke(resumeWith(decisions), runConfig('replay'));
    expect(world.executed).toHaveLength(2);
    const replay = await agent.invoke(resumeWith(decisions), {
      ...runConfig('replay'),
      configurable: { thread_id: 'replay', checkpoint_id: pausedAt },
    });
    expect(world.executed).toHaveLength(2);
    // both calls ran on their grants: the replay is refused approval_used_up, asks no one
    // again and lists nothing as pending
    expect(getApprovalRequest(replay)).toBeUndefined();
    const texts = [...replies(replay.messages).values()].map((r) => JSON.stringify(r));
    expect(texts.filter((t) => t.includes('approval_used_up'))).toHaveLength(2);
    expect(await world.approvals.listPending()).toEqual([]);
  });
});

describe('checkpointer and new agent instances', () => {
  it('resumes in a new agent instance over the same checkpointer and store', async () => {
    const { world, turns, checkpointer, a, b } = await pausedTwoRefunds('new-instance');
    const fresh = supportAgent(world, turns, checkpointer);
    const result = await fresh.agent.invoke(
      resumeWith({ approver: 'alice', decisions: [approve(a), approve(b)] }),
      runConfig('new-instance'),
    );
    expect(world.executed).toHaveLength(2);
    expect(replies(result.messages).get('a')?.status).toBe('success');
    // one schema parse at the model seam, one per resume attempt
    expect(world.parses.refund).toBe(4);
  });

  it('an approval granted in the store (e.g. a console) executes on any resume value', async () => {
    const { world, agent, a, b } = await pausedTwoRefunds('console');
    await world.approvals.decide(a.proposalHash, { decision: 'approve', approver: 'console' });
    await world.approvals.decide(b.proposalHash, { decision: 'reject', approver: 'console' });
    const result = await agent.invoke(resumeWith({ decisions: [] }), runConfig('console'));
    expect(world.executed).toEqual([
      { tool: 'refund', input: { orderId: 'A-1', amountMinor: 9000 } },
    ]);
    expect(replies(result.messages).get('b')?.content).toContain('approval_rejected');
  });
});
