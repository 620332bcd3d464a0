import { ArgsealConfigError, createAuthorizer } from '@argseal/core';
import { ScriptedChatModel } from '@argseal/test-kit/models/langchain';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from './__fixtures__/agent.js';
import { supportWorld } from './__fixtures__/support-world.js';
import {
  ArgsealLangChainError,
  approveAll,
  getApprovalRequest,
  MEMORY_CHECKPOINTER_WARNING,
  sealAgent,
} from './index.js';

const user = { messages: [{ role: 'user', content: 'refund please' }] };
const REFUND = '{"orderId":"A-1","amountMinor":9000}';
const WARNED = Symbol.for('argseal.langchain.memory-checkpointer-warned');
const config = (thread: string) => ({
  configurable: { thread_id: thread },
  context: { userId: 'u-1' },
});

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[WARNED];
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

function pausingAgent(world = supportWorld(), checkpointer?: MemorySaver) {
  const model = new ScriptedChatModel([
    { toolCalls: [call('c1', 'refund', REFUND)] },
    { content: 'done' },
  ]);
  const settings = sealAgent({
    authorizer: world.authorizer,
    tools: world.allTools,
    ...(checkpointer ? { checkpointer } : {}),
  });
  return { world, settings, agent: createAgent({ model, ...settings }) };
}

describe('sealAgent: the createAgent settings, a MemorySaver by default', () => {
  it('pauses without an explicit checkpointer; approveAll resumes and the call runs once', async () => {
    const { agent, world } = pausingAgent();
    const paused = await agent.invoke(user, config('t1'));
    expect(world.executed).toEqual([]);
    expect(getApprovalRequest(paused)?.proposals.map((p) => p.tool)).toEqual(['refund']);
    const resume = approveAll(paused, { approver: 'alice', note: 'ok' });
    expect(resume).toBeDefined();
    await agent.invoke(resume!, config('t1'));
    expect(world.executed).toEqual([
      { tool: 'refund', input: { orderId: 'A-1', amountMinor: 9000 } },
    ]);
    const [granted] = await world.approvals.listProposals({ status: 'all' });
    expect(granted).toMatchObject({ decidedBy: 'alice', note: 'ok' });
    await agent.invoke(resume!, config('t1'));
    expect(world.executed).toHaveLength(1);
  });

  it('says once, on stderr, that the MemorySaver is not durable', () => {
    const world = supportWorld();
    sealAgent({ authorizer: world.authorizer, tools: world.allTools });
    sealAgent({ authorizer: world.authorizer, tools: world.allTools });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(MEMORY_CHECKPOINTER_WARNING);
  });

  it('an explicit checkpointer is used as is, without a warning', () => {
    const checkpointer = new MemorySaver();
    const { settings } = pausingAgent(supportWorld(), checkpointer);
    expect(settings.checkpointer).toBe(checkpointer);
    expect(settings.middleware).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('works with the authorizer default approval store', async () => {
    const world = supportWorld();
    const authorizer = createAuthorizer({
      agent: 'support',
      policy: () => ({ type: 'require_approval', reason: 'always' }),
    });
    const { agent } = pausingAgent({ ...world, authorizer });
    const paused = await agent.invoke(user, config('t2'));
    await agent.invoke(approveAll(paused, { approver: 'alice' })!, config('t2'));
    expect(world.executed.map((e) => e.tool)).toEqual(['refund']);
  });

  it('bad options throw invalid_adapter_options; no checkpointer is made, nothing warned', () => {
    const world = supportWorld();
    let error: unknown;
    try {
      sealAgent({ tools: world.allTools } as never);
    } catch (e) {
      error = e;
    }
    expect(ArgsealConfigError.isInstance(error) && error.code).toBe('invalid_adapter_options');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('approveAll', () => {
  it('is undefined for a run that did not pause', () => {
    expect(approveAll({ messages: [] }, { approver: 'alice' })).toBeUndefined();
  });

  it.each([
    ['an unknown key', { approver: 'alice', uses: 3 }],
    ['no keys', {}],
    ['null', null],
  ])(
    'options with %s throw invalid_approval_options; nothing decided or run',
    async (_, options) => {
      const { agent, world } = pausingAgent(supportWorld(), new MemorySaver());
      const paused = await agent.invoke(user, config('t3'));
      let error: unknown;
      try {
        approveAll(paused, options as never);
      } catch (e) {
        error = e;
      }
      expect(ArgsealLangChainError.isInstance(error) && error.code).toBe(
        'invalid_approval_options',
      );
      expect((await world.approvals.listPending()).map((p) => p.tool)).toEqual(['refund']);
      expect(world.executed).toEqual([]);
    },
  );
});
