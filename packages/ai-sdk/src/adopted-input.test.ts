import { defineTool } from '@argseal/core';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { start } from './__fixtures__/turns.js';
import { createTestWorld } from './__fixtures__/world.js';
import { sealTools } from './index.js';

const raw = '{ "orderId": "o-1", "amount": 5 }';
const calls = [{ toolCallId: 'c1', tool: 'refund', rawArguments: raw }];

describe('the decoded input the SDK holds for a sealed call', () => {
  it("is the attempt's deep-frozen snapshot of the history text; the tool runs on its own copy", async () => {
    const world = createTestWorld();
    const inputs: unknown[] = [];
    const note = defineTool({
      name: 'refund',
      schema: z.object({ orderId: z.string(), amount: z.number().int() }),
      execute: (input: { amount: number }) => {
        inputs.push(input);
        input.amount = 0; // the tool's own copy: nobody else holds it
        return { ok: true };
      },
    });
    const sealed = sealTools([note], { authorizer: world.authorizer });
    const r = await generateText({
      ...sealed.settings(scriptedModel(calls)),
      messages: start,
      stopWhen: stepCountIs(2),
    });
    const held = r.steps[0]?.toolCalls[0]?.input;
    expect(held).toEqual({ amount: 5, orderId: 'o-1' });
    expect(JSON.stringify(held)).toBe('{"amount":5,"orderId":"o-1"}');
    expect(Object.isFrozen(held)).toBe(true);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).not.toBe(held);
    expect(r.steps[0]?.toolResults[0]?.output).toEqual({ ok: true });
  });

  it('arguments replaced after the model seam (experimental_refineToolInput) never run', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const r = await generateText({
      ...sealed.settings(scriptedModel(calls)),
      messages: start,
      stopWhen: stepCountIs(2),
      experimental_refineToolInput: { refund: () => ({ orderId: 'o-1', amount: 49 }) },
    });
    expect(world.executed).toHaveLength(0);
    const denied = r.steps[0]?.content.find((p) => p.type === 'tool-approval-response');
    expect(denied && { approved: denied.approved, reason: denied.reason }).toEqual({
      approved: false,
      reason: expect.stringContaining('code=raw_text_unavailable'),
    });
  });
});
