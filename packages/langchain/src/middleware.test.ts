import { ScriptedChatModel } from '@argseal/test-kit/models/langchain';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { call, runConfig, supportAgent } from './__fixtures__/agent.js';
import { supportWorld } from './__fixtures__/support-world.js';
import { ArgsealLangChainError, approve, getApprovalRequest, resumeWith } from './index.js';
import { readMarks } from './mark.js';
import { argsealMiddleware } from './middleware.js';

const user = { messages: [{ role: 'user', content: 'help me' }] };

function replies(messages: readonly BaseMessage[]): Map<string, ToolMessage> {
  const out = new Map<string, ToolMessage>();
  for (const m of messages) if (ToolMessage.isInstance(m)) out.set(m.tool_call_id, m);
  return out;
}

function lastAi(messages: readonly BaseMessage[], toolCallId: string): AIMessage {
  return [...messages]
    .reverse()
    .find(
      (m) => AIMessage.isInstance(m) && m.tool_calls?.some((c) => c.id === toolCallId),
    ) as AIMessage;
}

describe('argsealMiddleware: allow, deny, invalid', () => {
  it('an allowed call executes once and history carries the canonical arguments', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [
      { toolCalls: [call('c1', 'lookup_order', '{ "orderId" : "A-1" }')] },
    ]);
    const result = await agent.invoke(user, runConfig('allow'));
    expect(world.executed).toEqual([{ tool: 'lookup_order', input: { orderId: 'A-1' } }]);
    const ai = lastAi(result.messages, 'c1');
    expect(ai.tool_calls?.[0]?.args).toEqual({ orderId: 'A-1' });
    expect((ai.additional_kwargs.tool_calls as any)[0].function.arguments).toBe(
      '{"orderId":"A-1"}',
    );
    expect(readMarks(ai).c1).toMatchObject({ status: 'prepared', tool: 'lookup_order' });
    expect(replies(result.messages).get('c1')?.status).toBe('success');
  });

  it('a denied call runs nothing, the model is told why, and the agent goes on', async () => {
    const world = supportWorld();
    const { agent, model } = supportAgent(world, [
      { toolCalls: [call('c1', 'delete_customer', '{"customerId":"cus-1"}')] },
      { content: 'I cannot do that.' },
    ]);
    const result = await agent.invoke(user, runConfig('deny'));
    expect(world.executed).toEqual([]);
    const reply = replies(result.messages).get('c1');
    expect(reply?.status).toBe('error');
    expect(reply?.content).toContain('deleting customers is forbidden');
    expect((reply?.artifact as any)?.argseal).toMatchObject({
      code: 'denied',
      stage: 'policy',
      tool: 'delete_customer',
    });
    expect(model.seen).toHaveLength(2);
    expect(result.messages.at(-1)?.content).toBe('I cannot do that.');
  });

  it('duplicate keys in the raw text: refused at decode, history never holds the decoded guess', async () => {
    const world = supportWorld();
    const raw = '{"orderId":"A-1","amountMinor":100,"amountMinor":900000}';
    const { agent } = supportAgent(world, [{ toolCalls: [call('c1', 'refund', raw)] }]);
    const result = await agent.invoke(user, runConfig('dup'));
    expect(world.executed).toEqual([]);
    expect(world.parses.refund).toBe(0);
    const reply = replies(result.messages).get('c1');
    expect(reply?.status).toBe('error');
    expect(reply?.content).toContain('stage=decode code=duplicate_key');
    const ai = lastAi(result.messages, 'c1');
    expect(ai.tool_calls?.[0]?.args).toEqual({});
    expect(readMarks(ai).c1).toMatchObject({
      status: 'invalid',
      stage: 'decode',
      code: 'duplicate_key',
    });
    expect(await world.approvals.listProposals({ status: 'all' })).toEqual([]);
  });

  it('a tool the middleware does not seal is refused', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [{ toolCalls: [call('c1', 'shell', '{"cmd":"ls"}')] }]);
    const result = await agent.invoke(user, runConfig('unknown'));
    const reply = replies(result.messages).get('c1');
    expect(reply?.status).toBe('error');
    expect((reply?.artifact as any)?.argseal?.code).toBe('not_sealed');
  });

  it('without a signed-in user in context the policy denies (context comes from invoke)', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [
      { toolCalls: [call('c1', 'lookup_order', '{"orderId":"A-1"}')] },
    ]);
    const result = await agent.invoke(user, { configurable: { thread_id: 'noctx' } });
    expect(world.executed).toEqual([]);
    expect(replies(result.messages).get('c1')?.content).toContain('no signed-in user');
  });
});

describe('argsealMiddleware: streamed partial tool-call JSON', () => {
  it('truncated JSON that LangChain parses leniently never executes', async () => {
    const world = supportWorld();
    const { agent } = supportAgent(world, [
      { toolCalls: [call('c1', 'refund', '{"orderId":"A-1","amountMinor":50')] },
    ]);
    const stream = await agent.stream(user, { ...runConfig('trunc'), streamMode: 'messages' });
    for await (const _ of stream) {
      // drain
    }
    const state = await agent.graph.getState(runConfig('trunc'));
    const messages = (state.values as { messages: BaseMessage[] }).messages;
    expect(world.executed).toEqual([]);
    const reply = replies(messages).get('c1');
    expect(reply?.status).toBe('error');
    expect(reply?.content).toMatch(/stage=decode code=/);
    expect(lastAi(messages, 'c1').tool_calls?.[0]?.args).toEqual({});
  });

  it('stays refused when resumed in a new agent instance (the refusal is durable in history)', async () => {
    const world = supportWorld();
    const turns = [
      {
        toolCalls: [
          call('c1', 'refund', '{"orderId":"A-1","amountMinor":50'),
          call('c2', 'refund', '{"orderId":"A-2","amountMinor":9000}'),
        ],
      },
    ];
    const checkpointer = new MemorySaver();
    const first = supportAgent(world, turns, checkpointer);
    const stream = await first.agent.stream(user, {
      ...runConfig('trunc2'),
      streamMode: 'messages',
    });
    for await (const _ of stream) {
      // drain
    }
    const state = await first.agent.graph.getState(runConfig('trunc2'));
    const request = getApprovalRequest({ __interrupt__: state.tasks.flatMap((t) => t.interrupts) });
    expect(request?.proposals.map((p) => p.toolCallId)).toEqual(['c2']);
    const second = supportAgent(world, turns, checkpointer);
    const result = await second.agent.invoke(
      resumeWith({ approver: 'alice', decisions: [approve(request!.proposals[0]!)] }),
      runConfig('trunc2'),
    );
    expect(world.executed).toEqual([
      { tool: 'refund', input: { orderId: 'A-2', amountMinor: 9000 } },
    ]);
    expect(replies(result.messages).get('c1')?.content).toMatch(/stage=decode code=/);
  });
});

describe('argsealMiddleware: configuration', () => {
  it('an approval-needing call without a checkpointer fails the run instead of executing', async () => {
    const world = supportWorld();
    const agent = createAgent({
      model: new ScriptedChatModel([
        { toolCalls: [call('c1', 'refund', '{"orderId":"A-1","amountMinor":9000}')] },
      ]),
      middleware: [argsealMiddleware({ authorizer: world.authorizer, tools: world.allTools })],
    });
    const error = await agent
      .invoke(user, { context: { userId: 'u-1' } } as never)
      .catch((e: unknown) => e);
    expect(ArgsealLangChainError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'missing_checkpointer', tool: 'refund' });
    expect((error as Error).message).toContain('checkpointer: new MemorySaver()');
    expect((error as Error).message).toContain('thread_id');
    expect((error as Error).message).not.toContain('A-1'); // no argument payload
    expect(world.executed).toEqual([]);
    // no grant was made: the proposal the policy asked for stays pending, never consumed
    const stored = await world.approvals.listProposals({ status: 'all' });
    expect(stored.map((p) => [p.tool, p.status])).toEqual([['refund', 'pending']]);
    expect((error as { proposalHash?: string }).proposalHash).toBe(stored[0]?.proposalHash);
  });

  it('without a checkpointer, calls that need no approval still run (no pause, no error)', async () => {
    const world = supportWorld();
    const agent = createAgent({
      model: new ScriptedChatModel([
        { toolCalls: [call('c1', 'lookup_order', '{"orderId":"A-1"}')] },
        { content: 'done' },
      ]),
      middleware: [argsealMiddleware({ authorizer: world.authorizer, tools: world.allTools })],
    });
    await agent.invoke(user, { context: { userId: 'u-1' } } as never);
    expect(world.executed).toEqual([{ tool: 'lookup_order', input: { orderId: 'A-1' } }]);
  });

  it('refuses two tools with the same name and a missing authorizer', () => {
    const world = supportWorld();
    expect(() =>
      argsealMiddleware({
        authorizer: world.authorizer,
        tools: [world.tools.refund, world.tools.refund],
      }),
    ).toThrow(expect.objectContaining({ code: 'duplicate_tool' }));
    expect(() => argsealMiddleware({ tools: world.allTools } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_adapter_options' }),
    );
  });

  it.each([
    ['allowDecodedOnly not a boolean', { allowDecodedOnly: 'yes' }],
    ['maxCachedCalls zero', { maxCachedCalls: 0 }],
  ])('refuses %s (invalid_adapter_options)', (_label, extra) => {
    const world = supportWorld();
    const options = { authorizer: world.authorizer, tools: world.allTools, ...extra };
    expect(() => argsealMiddleware(options as never)).toThrow(
      expect.objectContaining({ code: 'invalid_adapter_options' }),
    );
    expect(world.executed).toEqual([]);
  });
});
