import { createAuthorizer, createMemoryApprovalStore } from '@argseal/core';
import { Agent, run, tool as sdkTool } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { functionCall, ScriptedModel } from './__fixtures__/scripted-model.js';
import { supportPolicy } from './__fixtures__/world.js';
import { ArgsealAgentsError } from './errors.js';
import { createAgentsSeal } from './seal.js';
import { tool } from './sealable-tool.js';

function refundTool(log: unknown[], parses: { n: number }) {
  return tool({
    name: 'refund',
    description: 'refund',
    parameters: z.object({
      orderId: z.string(),
      // counts every schema parse of the arguments
      amount: z.number().refine(() => {
        parses.n += 1;
        return true;
      }),
    }),
    execute: async (input, runContext, details) => {
      log.push({
        input: structuredClone(input),
        ctx: runContext?.context,
        callId: details?.toolCall?.callId,
      });
      (input as { amount: number }).amount = -1; // mutation must not leak anywhere
      return `refunded ${input.amount}`;
    },
  });
}

describe('tool() drop-in', () => {
  it('is a working SDK FunctionTool when used unsealed', async () => {
    const log: unknown[] = [];
    const parses = { n: 0 };
    const t = refundTool(log, parses);
    const model = new ScriptedModel([[functionCall('c1', 'refund', '{"orderId":"o","amount":2}')]]);
    await run(new Agent({ name: 'plain', model, tools: [t] }), 'go');
    expect(log).toHaveLength(1);
    expect(parses.n).toBeGreaterThanOrEqual(1);
  });

  it('sealed: one schema parse, execute gets runContext, details and the fresh copy', async () => {
    const log: { input: unknown; ctx: unknown; callId: unknown }[] = [];
    const parses = { n: 0 };
    const authorizer = createAuthorizer({
      agent: 'support',
      policy: supportPolicy,
      approvals: createMemoryApprovalStore(),
    });
    const seal = createAgentsSeal({ authorizer });
    const model = new ScriptedModel([
      [functionCall('c1', 'refund', '{"amount":21,"orderId":"o"}')],
    ]);
    const agent = seal.agent(
      new Agent({ name: 'support', model, tools: [refundTool(log, parses)] }),
    );
    const result = await run(agent, 'go', { context: { userId: 'u-7' } });
    expect(parses.n).toBe(1);
    expect(log).toEqual([
      { input: { orderId: 'o', amount: 21 }, ctx: { userId: 'u-7' }, callId: 'c1' },
    ]);
    const call = result.history.find((i) => i.type === 'function_call') as { arguments: string };
    expect(call.arguments).toBe('{"amount":21,"orderId":"o"}');
  });

  it('refuses SDK tool() tools it cannot reach into (closed by default)', () => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const seal = createAgentsSeal({ authorizer });
    const plain = sdkTool({
      name: 'plain',
      description: 'x',
      parameters: z.object({ a: z.string() }),
      execute: async () => 'ran',
    });
    const agent = new Agent({ name: 'a', model: new ScriptedModel(), tools: [plain] });
    let error: unknown;
    try {
      seal.agent(agent);
    } catch (e) {
      error = e;
    }
    expect(ArgsealAgentsError.isInstance(error)).toBe(true);
    expect((error as ArgsealAgentsError).code).toBe('unsealable_tool');
  });
});
