import { generateText, jsonSchema, type ModelMessage, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { resultFor, start } from './__fixtures__/turns.js';
import { createTestWorld } from './__fixtures__/world.js';
import { sealTools } from './index.js';

describe('plain AI SDK tools sealed in one line', () => {
  function plainTools() {
    const calls: { input: unknown; toolCallId: string; messages: number }[] = [];
    let parses = 0;
    const refund = tool({
      description: 'Refund an order',
      inputSchema: z.object({ orderId: z.string(), amount: z.number().int() }).transform((v) => {
        parses++;
        return v;
      }),
      execute: async (input, options) => {
        calls.push({
          input: structuredClone(input),
          toolCallId: options.toolCallId,
          messages: options.messages.length,
        });
        (input as { amount: number }).amount = -1; // mutation must not reach history
        return { ok: true };
      },
    });
    return { refund, calls, parses: () => parses };
  }

  it('runs through policy, parses zod once, passes SDK options, keeps history canonical', async () => {
    const world = createTestWorld();
    const plain = plainTools();
    const sealed = sealTools({ refund: plain.refund }, { authorizer: world.authorizer });
    const model = scriptedModel([
      { toolCallId: 'p1', tool: 'refund', rawArguments: '{ "amount": 40, "orderId": "o-9" }' },
    ]);
    const result = await generateText({
      ...sealed.settings(model),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(plain.calls).toEqual([
      { input: { amount: 40, orderId: 'o-9' }, toolCallId: 'p1', messages: 1 },
    ]);
    expect(plain.parses()).toBe(1);
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual({ amount: 40, orderId: 'o-9' });
    const sentToModel = model.doGenerateCalls[1]?.prompt.find((m) => m.role === 'assistant');
    expect(JSON.stringify(sentToModel)).toContain('"amount":40');
    const executed = (await world.audit.records()).find((r) => r.type === 'executed');
    expect(executed?.argsCanonicalJson).toBe('{"amount":40,"orderId":"o-9"}');
  });

  it('gives the provider the JSON Schema of the zod schema', async () => {
    const world = createTestWorld();
    const sealed = sealTools({ refund: plainTools().refund }, { authorizer: world.authorizer });
    const model = scriptedModel([]);
    await generateText({ ...sealed.settings(model), messages: start });
    const sent = model.doGenerateCalls[0]?.tools?.[0] as {
      name: string;
      inputSchema: { properties: object };
    };
    expect(sent.name).toBe('refund');
    expect(Object.keys(sent.inputSchema.properties)).toEqual(['orderId', 'amount']);
  });

  it('a require_approval plain tool pauses like an argseal tool', async () => {
    const world = createTestWorld();
    const plain = plainTools();
    const sealed = sealTools({ refund: plain.refund }, { authorizer: world.authorizer });
    const model = scriptedModel([
      { toolCallId: 'p2', tool: 'refund', rawArguments: '{"orderId":"o-1","amount":500}' },
    ]);
    const first = await generateText({ ...sealed.settings(model), messages: start });
    expect(first.content.some((p) => p.type === 'tool-approval-request')).toBe(true);
    expect(plain.calls).toHaveLength(0);
    expect(await world.approvals.listPending()).toHaveLength(1);
  });

  it('a validating jsonSchema() inputSchema is accepted and validated once by argseal', async () => {
    const world = createTestWorld();
    let validations = 0;
    const echo = tool({
      inputSchema: jsonSchema<{ q: string }>(
        { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
        {
          validate: (value) => {
            validations++;
            const ok = typeof (value as { q?: unknown }).q === 'string';
            return ok
              ? { success: true, value: value as { q: string } }
              : { success: false, error: new Error('q must be a string') };
          },
        },
      ),
      execute: async ({ q }) => q.toUpperCase(),
    });
    const sealed = sealTools({ echo }, { authorizer: world.authorizer });
    const model = scriptedModel([
      { toolCallId: 'e1', tool: 'echo', rawArguments: '{"q":"hi"}' },
      { toolCallId: 'e2', tool: 'echo', rawArguments: '{"q":1}' },
    ]);
    const result = await generateText({
      ...sealed.settings(model),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    const messages: ModelMessage[] = result.responseMessages;
    expect(resultFor(messages, 'e1')).toMatchObject({ type: 'text', value: 'HI' });
    expect(resultFor(messages, 'e2')?.type).toBe('error-text');
    expect(resultFor(messages, 'e2')?.value).toContain('stage=schema');
    expect(validations).toBe(2);
  });
});
