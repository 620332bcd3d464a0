import { generateText, stepCountIs, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { resultFor, start } from './__fixtures__/turns.js';
import { createTestWorld } from './__fixtures__/world.js';
import { sealTools } from './index.js';

describe('model seam', () => {
  it('replaces the raw text by the canonical JSON in what the next model turn sees', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.lookup], { authorizer: world.authorizer });
    const model = scriptedModel([
      { toolCallId: 'm1', tool: 'lookup', rawArguments: ' {\n "orderId" : "o-\\u0041" } ' },
    ]);
    await generateText({ ...sealed.settings(model), messages: start, stopWhen: stepCountIs(3) });
    const assistant = model.doGenerateCalls[1]?.prompt.find((m) => m.role === 'assistant');
    expect(assistant?.content).toEqual([
      expect.objectContaining({ type: 'tool-call', toolCallId: 'm1', input: { orderId: 'o-A' } }),
    ]);
    expect(world.executed).toEqual([
      { tool: 'lookup', input: { orderId: 'o-A' }, toolCallId: 'm1' },
    ]);
  });

  it('a schema failure is refused at the model seam with stage=schema and never reaches policy', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const raw = '{"orderId":"o-1","amount":1.5}';
    const result = await generateText({
      ...sealed.settings(scriptedModel([{ toolCallId: 'm2', tool: 'refund', rawArguments: raw }])),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    const output = resultFor(result.responseMessages, 'm2');
    expect(output?.type).toBe('error-text');
    expect(output?.value).toContain('stage=schema');
    expect(output?.value).not.toContain('1.5');
    expect((await world.audit.records()).some((r) => r.type === 'decided')).toBe(false);
    expect(world.executed).toHaveLength(0);
  });

  it('decode failures never leak the payload to the model and leave no proposal', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const raw = '{"orderId":"secret-123","amount":10,"amount":99999}';
    const result = streamText({
      ...sealed.settings(scriptedModel([{ toolCallId: 'm3', tool: 'refund', rawArguments: raw }])),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    await result.consumeStream();
    const output = resultFor(await result.responseMessages, 'm3');
    expect(output?.value).toContain('stage=decode code=duplicate_key path=/amount');
    expect(output?.value).not.toContain('secret-123');
    expect(world.executed).toHaveLength(0);
    expect(await world.approvals.listProposals({ status: 'all' })).toHaveLength(0);
  });

  it('leaves tool calls of unknown tools to the SDK (no such tool, nothing runs)', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.lookup], { authorizer: world.authorizer });
    const result = await generateText({
      ...sealed.settings(scriptedModel([{ toolCallId: 'm4', tool: 'nope', rawArguments: '{}' }])),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(resultFor(result.responseMessages, 'm4')?.type).toBe('error-text');
    expect(world.executed).toHaveLength(0);
  });

  it('passes the server context to policy', async () => {
    const seen: unknown[] = [];
    const world = createTestWorld({
      policy: ({ context }) => {
        seen.push(context);
        return { type: 'allow' };
      },
    });
    const sealed = sealTools([world.tools.lookup], {
      authorizer: world.authorizer,
      context: { userId: 'u-7' },
    });
    await generateText({
      ...sealed.settings(
        scriptedModel([{ toolCallId: 'm5', tool: 'lookup', rawArguments: '{"orderId":"o"}' }]),
      ),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(seen).toEqual([{ userId: 'u-7' }]);
  });
});
