import {
  ArgsealError,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  ToolArgumentsValidationError,
} from '@argseal/core';
import { ScriptedChatModel } from '@argseal/test-kit/models/langchain';
import { ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { supportWorld } from './__fixtures__/support-world.js';
import { ArgsealLangChainError } from './errors.js';
import { sealTool } from './seal-tool.js';

const ctx = () => ({ userId: 'u-1' });

function sealedRefund() {
  const world = supportWorld();
  const sealed = sealTool(world.tools.refund, {
    authorizer: world.authorizer,
    context: ctx,
    allowDecodedOnly: true,
  });
  return { world, sealed };
}

describe('sealTool: plain invoke', () => {
  it('bad input throws the validation error with stage and code; nothing runs or is stored', async () => {
    const { world, sealed } = sealedRefund();
    const error = await sealed.invoke({ orderId: 'A-1', amountMinor: 12.5 }).catch((e) => e);
    expect(ToolArgumentsValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      stage: 'schema',
      code: 'schema_validation_failed',
      path: '/amountMinor',
      tool: 'refund',
    });
    expect(error.message).not.toContain('12.5');
    expect(world.executed).toEqual([]);
    expect(await world.approvals.listProposals({ status: 'all' })).toEqual([]);
    expect((await world.audit.records()).map((r) => r.type)).toEqual(['invalid']);
  });

  it('a string input is raw provider JSON, decoded strictly', async () => {
    const { world, sealed } = sealedRefund();
    const error = await sealed
      .invoke('{"orderId":"A-1","amountMinor":1,"amountMinor":2}')
      .catch((e) => e);
    expect(error).toMatchObject({ stage: 'decode', code: 'duplicate_key' });
    expect(world.executed).toEqual([]);
    expect(world.parses.refund).toBe(0);
  });

  it('an allowed call runs once, with one schema parse', async () => {
    const { world, sealed } = sealedRefund();
    const input = { orderId: 'A-1', amountMinor: 100 };
    const out = await sealed.invoke(input);
    expect(out).toBe('refunded 100 minor units on A-1');
    expect(world.executed).toEqual([
      { tool: 'refund', input: { orderId: 'A-1', amountMinor: 100 } },
    ]);
    expect(world.parses.refund).toBe(1);
  });

  it('denied and approval-needing calls throw with stable codes and run nothing', async () => {
    const world = supportWorld();
    const del = sealTool(world.tools.deleteCustomer, {
      authorizer: world.authorizer,
      context: ctx,
    });
    const denied = await del.invoke({ customerId: 'c' }).catch((e) => e);
    expect(ArgsealLangChainError.isInstance(denied) && denied.code).toBe('denied');
    const refund = sealTool(world.tools.refund, { authorizer: world.authorizer, context: ctx });
    const pending = await refund.invoke({ orderId: 'A-1', amountMinor: 9000 }).catch((e) => e);
    expect(ArgsealError.isInstance(pending) && pending.code).toBe('approval_required');
    expect(pending.proposalHash).toMatch(/^[0-9a-f]{64}$/);
    await world.approvals.decide(pending.proposalHash, { decision: 'approve', approver: 'alice' });
    expect(await refund.invoke({ amountMinor: 9000, orderId: 'A-1' })).toContain('9000');
    expect(world.executed).toHaveLength(1);
  });
});

describe('sealTool: invoked with a ToolCall (as agents do)', () => {
  it('bad input returns an error ToolMessage with stage and code; nothing runs', async () => {
    const { world, sealed } = sealedRefund();
    const reply = (await sealed.invoke({
      type: 'tool_call',
      id: 'tc-1',
      name: 'refund',
      args: { orderId: 'A-1', amountMinor: -3 },
    })) as ToolMessage;
    expect(ToolMessage.isInstance(reply)).toBe(true);
    expect(reply.status).toBe('error');
    expect(reply.tool_call_id).toBe('tc-1');
    expect(reply.content).toContain('stage=schema code=schema_validation_failed path=/amountMinor');
    expect((reply.artifact as any).argseal).toMatchObject({
      stage: 'schema',
      code: 'schema_validation_failed',
    });
    expect(world.executed).toEqual([]);
  });

  it('an allowed call returns a success ToolMessage and the implementation sees config.toolCall', async () => {
    const world = supportWorld();
    let seen: unknown;
    const echo = tool(
      async (input: { q: string }, config) => {
        seen = config.toolCall;
        return { echoed: input.q };
      },
      { name: 'lookup_order', description: 'echo', schema: z.object({ q: z.string() }) },
    );
    const sealed = sealTool(echo, {
      authorizer: world.authorizer,
      context: ctx,
      allowDecodedOnly: true,
    });
    const reply = (await sealed.invoke({
      type: 'tool_call',
      id: 'tc-2',
      name: 'lookup_order',
      args: { q: 'x' },
    })) as ToolMessage;
    expect(reply.status).toBe('success');
    expect(reply.content).toBe('{"echoed":"x"}');
    expect(seen).toMatchObject({ id: 'tc-2', name: 'lookup_order', args: { q: 'x' } });
  });

  it('content_and_artifact tools keep their artifact', async () => {
    const world = supportWorld();
    const t = tool(async () => ['summary', { rows: 3 }] as [string, unknown], {
      name: 'lookup_order',
      description: 'x',
      schema: z.object({}),
      responseFormat: 'content_and_artifact',
    });
    const options = { authorizer: world.authorizer, context: ctx, allowDecodedOnly: true };
    const reply = (await sealTool(t, options).invoke({
      type: 'tool_call',
      id: 'tc-3',
      name: 'lookup_order',
      args: {},
    })) as ToolMessage;
    expect(reply.content).toBe('summary');
    expect(reply.artifact).toEqual({ rows: 3 });
  });
});

describe('sealTool: configuration', () => {
  it('context may be a fixed value (the kit ContextSource); without one the policy denies', async () => {
    const world = supportWorld();
    const small = { orderId: 'A-1', amountMinor: 100 };
    const bare = sealTool(world.tools.refund, { authorizer: world.authorizer });
    await expect(bare.invoke(small)).rejects.toMatchObject({ code: 'denied' });
    expect(world.executed).toEqual([]);
    const fixed = sealTool(world.tools.refund, {
      authorizer: world.authorizer,
      context: { userId: 'u-1' },
    });
    await fixed.invoke(small);
    expect(world.executed).toEqual([{ tool: 'refund', input: small }]);
  });

  it('refuses bad shared option types with invalid_adapter_options', () => {
    const world = supportWorld();
    const options = { authorizer: world.authorizer, allowDecodedOnly: 1 };
    expect(() => sealTool(world.tools.refund, options as never)).toThrow(
      expect.objectContaining({ code: 'invalid_adapter_options' }),
    );
  });

  it('seals an argseal tool (defineTool) too', async () => {
    const audit = createMemoryAuditLog();
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: () => ({ type: 'allow' }),
      approvals: createMemoryApprovalStore({ audit }),
      audit,
    });
    const add = defineTool({
      name: 'add',
      schema: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => a + b,
    });
    const sealed = sealTool(add, { authorizer });
    expect(sealed.name).toBe('add');
    expect(await sealed.invoke({ a: 2, b: 3 })).toBe(5);
  });

  it('refuses a missing authorizer and JSON-schema LangChain tools', () => {
    const world = supportWorld();
    expect(() => sealTool(world.tools.refund, {} as never)).toThrow(
      expect.objectContaining({ code: 'invalid_adapter_options' }),
    );
    const jsonTool = tool(async () => 'x', {
      name: 'j',
      description: 'j',
      schema: { type: 'object', properties: { a: { type: 'string' } } },
    });
    expect(() => sealTool(jsonTool, { authorizer: world.authorizer })).toThrow(
      expect.objectContaining({ code: 'unsupported_tool' }),
    );
  });
});

describe('sealTool: inside a plain createAgent (no middleware)', () => {
  it('the ToolNode gets error ToolMessages for refused calls and results for allowed ones', async () => {
    const world = supportWorld();
    const tools = [world.tools.lookupOrder, world.tools.refund].map((t) =>
      // explicit opt-out: this test is about the ToolNode wiring, not raw text
      sealTool(t, { authorizer: world.authorizer, allowDecodedOnly: true }),
    );
    const agent = createAgent({
      model: new ScriptedChatModel([
        {
          toolCalls: [
            { id: 'a', name: 'lookup_order', args: '{"orderId":"A-1"}' },
            { id: 'b', name: 'refund', args: '{"orderId":"A-1","amountMinor":9000}' },
          ],
        },
      ]),
      tools,
    });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'x' }] }, {
      context: { userId: 'u-1' },
    } as never);
    const replies = result.messages.filter((m) => ToolMessage.isInstance(m)) as ToolMessage[];
    expect(replies.find((m) => m.tool_call_id === 'a')?.status).toBe('success');
    const b = replies.find((m) => m.tool_call_id === 'b');
    expect(b?.status).toBe('error');
    expect((b?.artifact as any)?.argseal?.code).toBe('approval_required');
    expect(world.executed.map((e) => e.tool)).toEqual(['lookup_order']);
  });

  it('by default refuses every decoded-only model call (raw_text_unavailable): duplicate keys, big ids, truncated numbers never run', async () => {
    const world = supportWorld();
    const tools = [world.tools.refund].map((t) => sealTool(t, { authorizer: world.authorizer }));
    const agent = createAgent({
      model: new ScriptedChatModel([
        {
          toolCalls: [
            {
              id: 'a',
              name: 'refund',
              args: '{"orderId":"A-1","amountMinor":900000,"amountMinor":40}',
            },
            {
              id: 'b',
              name: 'refund',
              args: '{"orderId":"A-1","amountMinor":1234567890123456789}',
            },
          ],
        },
      ]),
      tools,
    });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'x' }] }, {
      context: { userId: 'u-1' },
    } as never);
    const replies = result.messages.filter((m) => ToolMessage.isInstance(m)) as ToolMessage[];
    expect(replies.map((m) => (m.artifact as any)?.argseal?.code)).toEqual([
      'raw_text_unavailable',
      'raw_text_unavailable',
    ]);
    expect(world.executed).toEqual([]);
    expect(await world.approvals.listProposals({ status: 'all' })).toEqual([]);
    const audit = await world.audit.records();
    expect(audit.map((r) => r.type)).toEqual(['invalid', 'invalid']);
  });
});
