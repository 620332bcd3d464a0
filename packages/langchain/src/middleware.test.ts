import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { call, runConfig, supportAgent } from './__fixtures__/agent.js';
import { supportWorld } from './__fixtures__/support-world.js';
import { approve, getApprovalRequest, resumeWith } from './resume.js';

function toolMessages(result: { messages: unknown[] }) {
  return result.messages.filter((m) => ToolMessage.isInstance(m)) as ToolMessage[];
}

describe('argsealMiddleware', () => {
  it('allowed call executes once with canonical arguments in history', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [
      { toolCalls: [call('c1', 'lookup_order', '{ "orderId" : "A-1" }')] },
    ]);
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'hi' }] }, runConfig('t1'));
    expect(world.executed).toEqual([{ tool: 'lookup_order', input: { orderId: 'A-1' } }]);
    const ai = result.messages.find((m) => AIMessage.isInstance(m)) as AIMessage;
    expect(ai.tool_calls?.[0]?.args).toEqual({ orderId: 'A-1' });
    expect((ai.additional_kwargs.tool_calls as any)[0].function.arguments).toBe('{"orderId":"A-1"}');
    const [tm] = toolMessages(result);
    expect(tm?.status).toBe('success');
  });

  it('approval pauses and approve by hash executes', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [
      { toolCalls: [call('c1', 'refund', '{"orderId":"A-1","amountMinor":9000}')] },
    ]);
    const cfg = runConfig('t2');
    const paused = await agent.invoke({ messages: [{ role: 'user', content: 'hi' }] }, cfg);
    const request = getApprovalRequest(paused);
    expect(request?.proposals).toHaveLength(1);
    expect(world.executed).toHaveLength(0);
    const done = await agent.invoke(resumeWith({ approver: 'alice', decisions: [approve(request!.proposals[0]!)] }), cfg);
    expect(world.executed).toEqual([{ tool: 'refund', input: { orderId: 'A-1', amountMinor: 9000 } }]);
    expect(getApprovalRequest(done)).toBeUndefined();
  });
});
