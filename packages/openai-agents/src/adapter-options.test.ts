import { ArgsealConfigError, createAuthorizer, defineTool } from '@argseal/core';
import { Agent, run } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { functionCall, ScriptedModel } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';
import { createAgentsSeal } from './seal.js';

describe('shared adapter options (the kit AdapterOptions)', () => {
  it.each([
    ['no authorizer', { authorizer: undefined }],
    ['a bad ledger bound', { maxCachedCalls: 0 }],
    ['a non-boolean allowDecodedOnly', { allowDecodedOnly: 'yes' }],
  ])('%s: invalid_adapter_options at setup', (_label, bad) => {
    const w = supportWorld([]);
    let error: unknown;
    try {
      createAgentsSeal({ authorizer: w.authorizer, ...bad } as never);
    } catch (e) {
      error = e;
    }
    expect(ArgsealConfigError.isInstance(error) && error.code).toBe('invalid_adapter_options');
  });

  it.each([
    ['rewriteContxt', 'rewriteContext'],
    ['modelprovider', 'modelProvider'],
    ['trustClientApprovals', undefined],
  ])(
    'unknown key %s: unknown_option (nearest %s); nothing runs or is stored',
    async (key, near) => {
      const w = supportWorld([]);
      let error: unknown;
      try {
        createAgentsSeal({ authorizer: w.authorizer, [key]: {} } as never);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'unknown_option', option: key, suggestion: near });
      expect(w.executions).toEqual([]);
      expect(await w.approvals.listProposals({ status: 'all' })).toEqual([]);
    },
  );

  it.each([
    ['a fixed value', { tenant: 't-1' }],
    [
      'a function of the RunContext',
      (rc: { context: { tenant: string } } | undefined) => ({
        tenant: `${rc?.context.tenant}-resolved`,
      }),
    ],
  ])('context as %s reaches policy and tool', async (_label, context) => {
    const policySaw: unknown[] = [];
    const toolSaw: unknown[] = [];
    const authorizer = createAuthorizer({
      agent: 'support',
      policy: ({ context: c }) => {
        policySaw.push(c);
        return { type: 'allow' };
      },
    });
    const lookup = defineTool({
      name: 'lookup_order',
      schema: z.object({ orderId: z.string() }),
      execute: (_input, ctx) => {
        toolSaw.push(ctx.context);
        return 'ok';
      },
    });
    const seal = createAgentsSeal({ authorizer, context: context as never });
    const model = new ScriptedModel([[functionCall('c1', 'lookup_order', '{"orderId":"o-1"}')]]);
    const agent = seal.agent(new Agent({ name: 'a', model, tools: [] }), { tools: [lookup] });
    await run(agent, 'go', { context: { tenant: 'run' } });
    const expected = typeof context === 'function' ? { tenant: 'run-resolved' } : context;
    expect(toolSaw).toEqual([expected]);
    expect(policySaw.length).toBeGreaterThan(0);
    expect(policySaw.every((c) => JSON.stringify(c) === JSON.stringify(expected))).toBe(true);
  });
});
