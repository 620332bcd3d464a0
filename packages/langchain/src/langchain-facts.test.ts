/**
 * Facts about langchain 1.5 / @langchain/core 1.4 / @langchain/langgraph 1.x that the
 * adapter relies on (see shared/notes/framework-seams.md). If one fails after an
 * upgrade, revisit the seam that depends on it.
 */

import { ScriptedChatModel } from '@argseal/test-kit/models/langchain';
import { AIMessage, AIMessageChunk, defaultToolCallParser } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { Command, getConfig, interrupt, MemorySaver } from '@langchain/langgraph';
import { createAgent, createMiddleware } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('LangChain facts the adapter relies on', () => {
  it('tool_calls are decoded with JSON.parse: last duplicate wins, big integers round', () => {
    const [calls] = defaultToolCallParser([
      {
        id: 'a',
        type: 'function',
        function: { name: 't', arguments: '{"n":1,"n":9007199254740993}' },
      },
    ]);
    expect(calls[0]?.args).toEqual({ n: 9007199254740992 });
  });

  it('streamed chunks are parsed leniently: truncated JSON becomes a "valid" call', () => {
    const chunk = new AIMessageChunk({
      content: '',
      tool_call_chunks: [
        { id: 'a', name: 't', args: '{"amount": 50', index: 0, type: 'tool_call_chunk' },
      ],
    });
    expect(chunk.tool_calls).toEqual([
      { id: 'a', name: 't', args: { amount: 50 }, type: 'tool_call' },
    ]);
  });

  it('afterModel sees runtime.context as {} without a contextSchema; getConfig().context has it', async () => {
    const seen: unknown[] = [];
    const probe = createMiddleware({
      name: 'probe',
      afterModel: async (_state, runtime) => {
        seen.push(runtime.context, getConfig().context);
      },
    });
    const agent = createAgent({
      model: new ScriptedChatModel([{ content: 'hi' }]),
      middleware: [probe],
    });
    await agent.invoke({ messages: [{ role: 'user', content: 'x' }] }, {
      context: { userId: 'u' },
    } as never);
    expect(seen).toEqual([{}, { userId: 'u' }]);
  });

  it('a resume value a node throws on is replayed on the next resume (so refusals re-interrupt instead)', async () => {
    const values: unknown[] = [];
    const probe = createMiddleware({
      name: 'probe',
      afterModel: async (state) => {
        const last = state.messages.at(-1);
        if (!AIMessage.isInstance(last) || !last.tool_calls?.length) return;
        const value = interrupt('decide');
        values.push(value);
        if ((value as { bad?: boolean }).bad) throw new Error('refused');
      },
    });
    const noop = tool(async () => 'ok', { name: 't', description: 't', schema: z.object({}) });
    const agent = createAgent({
      model: new ScriptedChatModel([{ toolCalls: [{ id: 'c', name: 't', args: '{}' }] }]),
      tools: [noop],
      middleware: [probe],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: 'fact' } };
    await agent.invoke({ messages: [{ role: 'user', content: 'x' }] }, config);
    await expect(agent.invoke(new Command({ resume: { bad: true } }), config)).rejects.toThrow(
      'refused',
    );
    await expect(agent.invoke(new Command({ resume: { ok: true } }), config)).rejects.toThrow(
      'refused',
    );
    expect(values).toEqual([{ bad: true }, { bad: true }]);
  });

  it('updateState on a paused thread skips the afterModel hook and goes to the tools', async () => {
    const ran: string[] = [];
    const probe = createMiddleware({
      name: 'probe',
      afterModel: async (state) => {
        const last = state.messages.at(-1);
        if (AIMessage.isInstance(last) && last.tool_calls?.length) interrupt('decide');
      },
    });
    const t = tool(
      async (input: { n: number }) => {
        ran.push(JSON.stringify(input));
        return 'ok';
      },
      { name: 't', description: 't', schema: z.object({ n: z.number() }) },
    );
    const agent = createAgent({
      model: new ScriptedChatModel([{ toolCalls: [{ id: 'c', name: 't', args: '{"n":1}' }] }]),
      tools: [t],
      middleware: [probe],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: 'fact2' } };
    const paused = await agent.invoke({ messages: [{ role: 'user', content: 'x' }] }, config);
    const ai = paused.messages.find((m) => AIMessage.isInstance(m)) as AIMessage;
    await agent.graph.updateState(config, {
      messages: [
        new AIMessage({
          id: ai.id as string,
          content: '',
          tool_calls: [{ id: 'c', name: 't', args: { n: 999 } }],
        }),
      ],
    });
    await agent.invoke(new Command({ resume: 'x' }), config);
    expect(ran).toEqual(['{"n":999}']);
  });
});
