import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { Command } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { call, runConfig, supportAgent } from './__fixtures__/agent.js';
import { supportWorld } from './__fixtures__/support-world.js';
import { approve, edit, getApprovalRequest, resumeWith } from './index.js';
import { readMarks } from './mark.js';

const user = { messages: [{ role: 'user', content: 'refund please' }] };
const REFUND_A = '{"orderId":"A-1","amountMinor":9000}';
const REFUND_B = '{"orderId":"B-2","amountMinor":9500}';

function repliesFor(messages: readonly BaseMessage[], id: string): ToolMessage[] {
  return messages.filter(
    (m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === id,
  );
}

describe('attacks: tool call ids', () => {
  it('two calls sharing one id are both refused (one call cannot stand in for the other)', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [
      { toolCalls: [call('c1', 'refund', REFUND_A), call('c1', 'refund', REFUND_B)] },
      { content: 'ok' },
    ]);
    const result = await agent.invoke(user, runConfig('dup-id'));
    expect(getApprovalRequest(result)).toBeUndefined();
    expect(world.executed).toEqual([]);
    expect(await world.approvals.listPending()).toEqual([]);
    const replies = repliesFor(result.messages, 'c1');
    expect(replies).toHaveLength(2);
    for (const r of replies) {
      expect(r.status).toBe('error');
      expect((r.artifact as any).argseal).toMatchObject({
        stage: 'decode',
        code: 'duplicate_tool_call_id',
      });
      expect(r.content).not.toContain('9000');
    }
    const ai = result.messages.find((m) => AIMessage.isInstance(m)) as AIMessage;
    expect(ai.tool_calls?.map((c) => c.args)).toEqual([{}, {}]);
    expect(readMarks(ai).c1).toMatchObject({ code: 'duplicate_tool_call_id' });
  });

  it('duplicate ids written into a paused thread with updateState are refused at the tool seam', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [{ toolCalls: [call('c1', 'refund', REFUND_A)] }]);
    const config = runConfig('dup-id-state');
    const paused = await agent.invoke(user, config);
    const [p] = getApprovalRequest(paused)!.proposals;
    const ai = paused.messages.find((m: BaseMessage) => AIMessage.isInstance(m)) as AIMessage;
    const original = ai.tool_calls![0]!;
    await agent.graph.updateState(config, {
      messages: [
        new AIMessage({
          id: ai.id as string,
          content: '',
          response_metadata: ai.response_metadata,
          tool_calls: [original, { ...original }],
        }),
      ],
    });
    await world.approvals.decide(p!.proposalHash, { decision: 'approve', approver: 'console' });
    const result = await agent.invoke(new Command({ resume: { decisions: [] } }), config);
    expect(world.executed).toEqual([]);
    expect(repliesFor(result.messages, 'c1')).toHaveLength(2);
    for (const r of repliesFor(result.messages, 'c1')) {
      expect((r.artifact as any).argseal.code).toBe('duplicate_tool_call_id');
    }
  });
});

describe('attacks: identical calls share a proposal', () => {
  it('the proposal lists every tool call an approval will run', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [
      { toolCalls: [call('c1', 'refund', REFUND_A), call('c2', 'refund', REFUND_A)] },
    ]);
    const paused = await agent.invoke(user, runConfig('identical'));
    const request = getApprovalRequest(paused)!;
    expect(request.proposals).toHaveLength(1);
    expect(request.proposals[0]).toMatchObject({ toolCallId: 'c1', toolCallIds: ['c1', 'c2'] });
    await agent.invoke(
      resumeWith({ approver: 'alice', decisions: [approve(request.proposals[0]!)] }),
      runConfig('identical'),
    );
    expect(world.executed).toHaveLength(2);
    // a grant decided in a console defaults to one use: only one of the two would run
  });
});

describe('attacks: resume values', () => {
  async function paused(thread: string, world = supportWorld(), raw = REFUND_A) {
    const { agent, checkpointer } = supportAgent(world, [
      { toolCalls: [call('c1', 'refund', raw)] },
    ]);
    const result = await agent.invoke(user, runConfig(thread));
    return { world, agent, checkpointer, proposal: getApprovalRequest(result)!.proposals[0]! };
  }

  it('two parallel resumes of one paused thread execute the approved call once', async () => {
    const { world, agent, proposal } = await paused('parallel');
    const resume = () =>
      agent.invoke(
        resumeWith({ approver: 'alice', decisions: [approve(proposal)] }),
        runConfig('parallel'),
      );
    await Promise.allSettled([resume(), resume()]);
    expect(world.executed).toHaveLength(1);
  });

  it('threads sharing one middleware and one tool call id do not share approvals', async () => {
    const world = supportWorld();
    const one = await paused('shared-1', world, REFUND_A);
    const two = await paused('shared-2', world, REFUND_B);
    const stolen = await two.agent.invoke(
      resumeWith({ approver: 'alice', decisions: [approve(one.proposal)] }),
      runConfig('shared-2'),
    );
    expect(getApprovalRequest(stolen)?.refused?.map((r) => r.code)).toContain(
      'decision_not_pending',
    );
    await one.agent.invoke(
      resumeWith({ approver: 'alice', decisions: [approve(one.proposal)] }),
      runConfig('shared-1'),
    );
    expect(world.executed).toEqual([
      { tool: 'refund', input: { orderId: 'A-1', amountMinor: 9000 } },
    ]);
  });

  it.each([
    ['undefined value', { orderId: 'A-1', amountMinor: 4000, note: undefined }],
    ['a Date', { orderId: 'A-1', amountMinor: 4000, at: new Date(0) }],
    [
      'an accessor',
      Object.defineProperty({ orderId: 'A-1' }, 'amountMinor', {
        get: () => 4000,
        enumerable: true,
      }),
    ],
  ])('edited arguments are held to the strict domain (%s)', async (_label, args) => {
    const { world, agent, proposal } = await paused(`edit-strict-${_label}`);
    const again = await agent.invoke(
      resumeWith({
        approver: 'alice',
        decisions: [edit(proposal, { name: 'refund', args: args as never })],
      }),
      runConfig(`edit-strict-${_label}`),
    );
    const refusal = getApprovalRequest(again)?.refused?.[0];
    expect(refusal?.code).toBe('edit_invalid_arguments');
    expect(JSON.stringify(refusal)).not.toContain('4000');
    expect(world.executed).toEqual([]);
  });

  // History carries the edit's effective request (historyArguments, `__proto__` key included);
  // LangGraph's checkpoint round trip turns that key into a prototype, which the tool seam
  // refuses (class_instance). Nothing runs on a polluted object, and no prototype is touched.
  it('an edit with a __proto__ key never pollutes a prototype nor runs on a polluted object', async () => {
    const { world, agent, proposal } = await paused('edit-proto');
    const args = JSON.parse('{"orderId":"A-1","amountMinor":4000,"__proto__":{"polluted":true}}');
    await agent.invoke(
      resumeWith({ approver: 'alice', decisions: [edit(proposal, { name: 'refund', args })] }),
      runConfig('edit-proto'),
    );
    expect(world.executed).toEqual([]);
    const invalid = (await world.audit.records()).filter((r) => r.type === 'invalid');
    expect(invalid.map((r) => r.error?.code)).toEqual(['class_instance']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
