import { generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { approveAll, resultFor, start } from './__fixtures__/turns.js';
import { createTestWorld } from './__fixtures__/world.js';
import { sealTools } from './index.js';

describe('defense in depth', () => {
  it('without toolApproval a call needing approval is refused by execute, never run', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const model = sealed.wrapModel(
      scriptedModel([
        { toolCallId: 'd1', tool: 'refund', rawArguments: '{"orderId":"o-1","amount":100}' },
      ]),
    );
    const result = await generateText({
      model,
      tools: sealed.tools,
      messages: start,
      stopWhen: stepCountIs(3),
    });
    const output = resultFor(result.responseMessages, 'd1');
    expect(output?.type).toBe('error-text');
    expect(output?.value).toContain('code=approval_required');
    expect(world.executed).toHaveLength(0);
    expect(world.parses.refund).toBe(1);
    expect(await world.approvals.listPending()).toHaveLength(1);
  });

  it('without toolApproval a denied call is refused with the reason; an allowed one runs', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const model = sealed.wrapModel(
      scriptedModel([
        { toolCallId: 'd2', tool: 'refund', rawArguments: '{"orderId":"o-1","amount":10}' },
      ]),
    );
    await generateText({ model, tools: sealed.tools, messages: start, stopWhen: stepCountIs(3) });
    expect(world.executed).toHaveLength(1);
  });

  it('without the model middleware a call is refused (raw_text_unavailable): nothing runs or is stored', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const result = await generateText({
      model: scriptedModel([
        {
          toolCallId: 'd3',
          tool: 'refund',
          // what JSON.parse makes of it: amount 4000; argseal never saw the text
          rawArguments: '{"orderId":"o-1","amount":999999,"amount":4000}',
        },
      ]),
      tools: sealed.tools,
      toolApproval: sealed.toolApproval,
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(world.executed).toHaveLength(0);
    expect(world.parses.refund ?? 0).toBe(0);
    expect(await world.approvals.listProposals()).toEqual([]);
    const output = resultFor(result.responseMessages, 'd3');
    expect(output).toMatchObject({ type: 'execution-denied' });
    expect(JSON.stringify(output)).toContain('code=raw_text_unavailable');
    expect(JSON.stringify(output)).not.toContain('4000');
  });

  it('without the model middleware and without toolApproval execute refuses too', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const result = await generateText({
      model: scriptedModel([
        { toolCallId: 'd4', tool: 'refund', rawArguments: '{"orderId":"o-1","amount":10}' },
      ]),
      tools: sealed.tools,
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(world.executed).toHaveLength(0);
    expect(resultFor(result.responseMessages, 'd4')?.value).toContain('raw_text_unavailable');
  });

  it('allowDecodedOnly is the explicit opt-out: the tool side prepares, authorizes and executes a fresh copy', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], {
      authorizer: world.authorizer,
      allowDecodedOnly: true,
    });
    const result = await generateText({
      model: scriptedModel([
        { toolCallId: 'd5', tool: 'refund', rawArguments: '{"orderId":"o-1","amount":10}' },
      ]),
      tools: sealed.tools,
      toolApproval: sealed.toolApproval,
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(world.executed).toHaveLength(1);
    expect(world.parses.refund).toBe(1);
    expect(resultFor(result.responseMessages, 'd5')?.type).toBe('json');
    const proposed = (await world.audit.records()).find((r) => r.type === 'proposed');
    expect(proposed?.data).toEqual({ provenance: 'decoded_only' });
  });

  it('an unsealed tool next to sealed ones is denied by toolApproval (closed by default)', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.lookup], { authorizer: world.authorizer });
    let ran = false;
    const rogue = tool({
      inputSchema: z.object({}),
      execute: async () => {
        ran = true;
        return 'x';
      },
    });
    const result = await generateText({
      ...sealed.settings(scriptedModel([{ toolCallId: 'u1', tool: 'rogue', rawArguments: '{}' }])),
      tools: { ...sealed.tools, rogue },
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(ran).toBe(false);
    expect(resultFor(result.responseMessages, 'u1')?.reason).toContain('not sealed');
  });

  it('a tool that throws yields an error result and a failed audit event', async () => {
    const world = createTestWorld();
    const boom = tool({
      inputSchema: z.object({}),
      execute: async (): Promise<string> => {
        throw new Error('backend down');
      },
    });
    const sealed = sealTools({ boom }, { authorizer: world.authorizer });
    const result = await generateText({
      ...sealed.settings(scriptedModel([{ toolCallId: 'b1', tool: 'boom', rawArguments: '' }])),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(resultFor(result.responseMessages, 'b1')?.value).toContain('backend down');
    expect(
      (await world.audit.records()).some((r) => r.type === 'failed' && r.toolCallId === 'b1'),
    ).toBe(true);
  });

  it('a store failure in the approval gate denies instead of executing', async () => {
    const world = createTestWorld();
    world.approvals.peek = async () => {
      throw new Error('db down');
    };
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const result = await generateText({
      ...sealed.settings(
        scriptedModel([
          { toolCallId: 's1', tool: 'refund', rawArguments: '{"orderId":"o","amount":99}' },
        ]),
      ),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    expect(world.executed).toHaveLength(0);
    expect(resultFor(result.responseMessages, 's1')).toMatchObject({ type: 'execution-denied' });
  });

  it('a store failure while consuming an approved grant executes nothing', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const call = { toolCallId: 's2', tool: 'refund', rawArguments: '{"orderId":"o","amount":99}' };
    const first = await generateText({
      ...sealed.settings(scriptedModel([call])),
      messages: start,
    });
    await world.approvals.decide(sealed.proposalFor('s2')?.proposalHash ?? '', {
      decision: 'approve',
      approver: 'alice',
    });
    world.approvals.consume = async () => {
      throw new Error('db down');
    };
    const messages = approveAll([...start, ...first.responseMessages]);
    const result = await generateText({ ...sealed.settings(scriptedModel([])), messages });
    expect(world.executed).toHaveLength(0);
    expect(resultFor(result.responseMessages, 's2')?.type).toBe('error-text');
  });

  it('streaming: raw deltas are display-only; the tool-call part carries canonical text; unapproved calls never run', async () => {
    const world = createTestWorld();
    const sealed = sealTools([world.tools.refund], { authorizer: world.authorizer });
    const raw = '{ "orderId" : "o-1", "amount" : 100 }';
    const result = streamText({
      ...sealed.settings(scriptedModel([{ toolCallId: 'st1', tool: 'refund', rawArguments: raw }])),
      messages: start,
      stopWhen: stepCountIs(3),
    });
    const types: string[] = [];
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === 'tool-call') expect(part.input).toEqual({ amount: 100, orderId: 'o-1' });
    }
    expect(types).toContain('tool-approval-request');
    expect(types).not.toContain('tool-result');
    expect(world.executed).toHaveLength(0);
  });
});
