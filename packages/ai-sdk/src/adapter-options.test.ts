import { ArgsealConfigError, createAuthorizer, defineTool } from '@argseal/core';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from './__fixtures__/scripted-model.js';
import { approveAll, resultFor, start } from './__fixtures__/turns.js';
import { createTestWorld } from './__fixtures__/world.js';
import { sealTools } from './index.js';

const refund = defineTool({
  name: 'refund',
  schema: z.object({ amount: z.number() }),
  execute: () => 'ok',
});

describe('shared adapter options (the kit AdapterOptions)', () => {
  it.each([
    ['no authorizer', { authorizer: undefined }],
    ['a bad ledger bound', { maxCachedCalls: -1 }],
    ['a non-boolean allowDecodedOnly', { allowDecodedOnly: 1 }],
  ])('%s: invalid_adapter_options at setup', (_label, bad) => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    let error: unknown;
    try {
      sealTools([refund], { authorizer, ...bad } as never);
    } catch (e) {
      error = e;
    }
    expect(ArgsealConfigError.isInstance(error) && error.code).toBe('invalid_adapter_options');
  });

  it.each([
    ['trustClientApproval', 'trustClientApprovals'],
    ['maxCachedCall', 'maxCachedCalls'],
    ['autorizer', 'authorizer'],
  ])('unknown key %s: unknown_option naming %s; nothing runs or is stored', async (key, near) => {
    const world = createTestWorld();
    let error: unknown;
    try {
      sealTools([world.tools.refund], { authorizer: world.authorizer, [key]: true } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'unknown_option', option: key, suggestion: near });
    expect(ArgsealConfigError.isInstance(error)).toBe(true);
    expect(world.executed).toEqual([]);
    expect(await world.approvals.listProposals({ status: 'all' })).toEqual([]);
    expect(await world.audit.records()).toEqual([]);
  });

  it('context may be a function, resolved once per call', async () => {
    const seen: unknown[] = [];
    let n = 0;
    const authorizer = createAuthorizer<{ n: number }>({
      agent: 'a',
      policy: ({ context }) => {
        seen.push(context);
        return { type: 'allow' };
      },
    });
    const sealed = sealTools([refund], {
      authorizer,
      context: () => ({ n: ++n }),
      allowDecodedOnly: true,
    });
    const execute = sealed.tools.refund!.execute!;
    const options = { toolCallId: 'c1', messages: [] } as never;
    await execute({ amount: 1 }, options);
    await execute({ amount: 2 }, { ...(options as object), toolCallId: 'c2' } as never);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('through generateText a context resolver runs once per call (later seams take the handed-over attempt)', async () => {
    const world = createTestWorld();
    const calls: string[] = [];
    const sealed = sealTools([world.tools.refund, world.tools.lookup], {
      authorizer: world.authorizer,
      context: () => {
        calls.push('resolve');
        return { tenant: 't-1' };
      },
    });
    const model = scriptedModel([
      { toolCallId: 'l1', tool: 'lookup', rawArguments: '{"orderId":"o-1"}' },
      { toolCallId: 'l2', tool: 'lookup', rawArguments: '{"orderId":"o-2"}' },
    ]);
    await generateText({ ...sealed.settings(model), messages: start, stopWhen: stepCountIs(3) });
    expect(world.executed.map((e) => e.toolCallId)).toEqual(['l1', 'l2']);
    expect(calls).toHaveLength(2);
  });

  it('a resume (no model seam) resolves the context once, at the fresh preparation', async () => {
    const world = createTestWorld();
    let resolved = 0;
    const sealed = sealTools([world.tools.refund], {
      authorizer: world.authorizer,
      context: () => ({ n: ++resolved }),
    });
    const raw = '{"orderId":"o-1","amount":100}';
    const first = await generateText({
      ...sealed.settings(scriptedModel([{ toolCallId: 'r1', tool: 'refund', rawArguments: raw }])),
      messages: start,
    });
    expect(resolved).toBe(1); // the model seam; toolApproval checks the attempt handed over
    await world.approvals.decide(sealed.proposalFor('r1')?.proposalHash ?? '', {
      decision: 'approve',
      approver: 'ops',
    });
    const history: ModelMessage[] = [...start, ...first.responseMessages];
    resolved = 0;
    const after = await generateText({
      ...sealed.settings(scriptedModel([])),
      messages: approveAll(history),
      stopWhen: stepCountIs(3),
    });
    expect(resultFor(after.responseMessages, 'r1')?.type).toBe('json');
    expect(world.executed.map((e) => e.toolCallId)).toEqual(['r1']);
    expect(resolved).toBe(1);
  });
});
