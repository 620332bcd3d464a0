import { type ModelMessage, ToolLoopAgent } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { approveAll, resultFor, start } from './__fixtures__/turns.js';
import { createTestWorld } from './__fixtures__/world.js';
import { sealTools } from './index.js';

describe('ToolLoopAgent', () => {
  it('takes the sealed settings: pauses, and runs once after a server-side approval', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund, world.tools.lookup], {
      authorizer: world.authorizer,
    });
    const call = {
      toolCallId: 'a1',
      tool: 'refund',
      rawArguments: '{"amount":100,"orderId":"o-1"}',
    };
    const agent = new ToolLoopAgent({ ...sealed.settings(scriptedModel([call])) });
    const first = await agent.generate({ messages: start });
    expect(first.content.some((p) => p.type === 'tool-approval-request')).toBe(true);
    expect(world.executed).toHaveLength(0);
    const history: ModelMessage[] = [...start, ...first.responseMessages];

    const unapproved = await agent.generate({ messages: approveAll(history) });
    expect(resultFor(unapproved.responseMessages, 'a1')?.type).toBe('execution-denied');
    expect(world.executed).toHaveLength(0);

    const proposal = (await world.approvals.listPending())[0];
    await world.approvals.decide(proposal?.proposalHash ?? '', {
      decision: 'approve',
      approver: 'alice',
    });
    const approved = await agent.generate({ messages: approveAll(history) });
    expect(resultFor(approved.responseMessages, 'a1')?.type).toBe('json');
    expect(world.executed).toEqual([
      { tool: 'refund', input: { amount: 100, orderId: 'o-1' }, toolCallId: 'a1' },
    ]);
  });
});
