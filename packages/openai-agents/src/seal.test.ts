import { createAuthorizer, createMemoryApprovalStore, defineTool } from '@argseal/core';
import { Agent, type ModelProvider, run } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { functionCall, ScriptedModel, throughModelSeam } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';
import { ArgsealAgentsError } from './errors.js';
import { INVALID_ARGUMENTS_KEY } from './index.js';
import { createAgentsSeal } from './seal.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return ArgsealAgentsError.isInstance(e) ? e.code : `not-argseal:${String(e)}`;
  }
  return undefined;
}

describe('createAgentsSeal().agent()', () => {
  it('refuses unsealed handoff targets and duplicate tool names', () => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const seal = createAgentsSeal({ authorizer });
    const other = new Agent({ name: 'other', model: new ScriptedModel() });
    const parent = new Agent({ name: 'parent', model: new ScriptedModel(), handoffs: [other] });
    expect(codeOf(() => seal.agent(parent))).toBe('unsealed_handoff');
    const sealedOther = seal.agent(other);
    expect(codeOf(() => seal.agent(parent.clone({ handoffs: [sealedOther] })))).toBeUndefined();

    const t = (n: number) => defineTool({ name: 'same', schema: z.object({}), execute: () => n });
    seal.tool(t(1));
    expect(codeOf(() => seal.tool(t(2)))).toBe('duplicate_tool');
    expect(codeOf(() => seal.agent(new Agent({ name: 'm', model: 42 as never })))).toBe(
      'invalid_model',
    );
  });

  it('resolves a model name through the given provider and still seals history', async () => {
    const inner = new ScriptedModel([[functionCall('c1', 'lookup_order', '{ "orderId":"o-1" }')]]);
    const asked: (string | undefined)[] = [];
    const modelProvider: ModelProvider = {
      getModel: (name) => {
        asked.push(name);
        return inner;
      },
    };
    const w = supportWorld([]);
    const seal = createAgentsSeal({ authorizer: w.authorizer, modelProvider });
    const agent = seal.agent(new Agent({ name: 'support', model: 'scripted-1' }), {
      tools: [w.tools.lookup],
    });
    const result = await run(agent, 'go');
    expect(asked).toEqual(['scripted-1']);
    const call = result.history.find((i) => i.type === 'function_call') as { arguments: string };
    expect(call.arguments).toBe('{"orderId":"o-1"}');
    expect(w.executions).toHaveLength(1);
  });
});

describe('bad raw argument text', () => {
  it.each([
    ['truncated JSON', '{"orderId":"o-1","amount":', 'decode'],
    ['not an object', '[1,2]', 'schema'],
    ['duplicate key', '{"orderId":"o-1","amount":5,"amount":50000}', 'decode'],
  ])(
    '%s: no interruption, nothing proposed or run, the model gets stage and code',
    async (_l, raw, stage) => {
      const w = supportWorld([[functionCall('c1', 'refund', raw)]]);
      const result = await run(w.agent, 'go');
      expect(result.interruptions).toHaveLength(0);
      expect(w.executions).toHaveLength(0);
      expect(await w.approvals.listProposals({ status: 'all' })).toHaveLength(0);
      const call = result.history.find((i) => i.type === 'function_call') as { arguments: string };
      expect(Object.keys(JSON.parse(call.arguments))).toEqual([INVALID_ARGUMENTS_KEY]);
      const out = result.history.find((i) => i.type === 'function_call_result') as {
        output: { text: string };
      };
      expect(out.output.text).toContain('argseal refused the call');
      expect(out.output.text).toContain(`stage=${stage}`);
      expect(out.output.text).not.toContain('50000');
    },
  );
});

describe('tool seam', () => {
  it('needsApproval does not consume a live grant; invoke consumes it exactly once', async () => {
    const w = supportWorld([]);
    const seal = createAgentsSeal({ authorizer: w.authorizer });
    const refund = seal.tool(w.tools.refund);
    const raw = '{"orderId":"o-1","amount":25000}';
    const rc = { context: {} } as never;
    await throughModelSeam(seal, [{ id: 'c1', tool: 'refund', raw }]);
    expect(await refund.needsApproval(rc, JSON.parse(raw), 'c1')).toBe(true);
    const [pending] = await w.approvals.listPending();
    await w.approvals.decide(pending!.proposalHash, { decision: 'approve', approver: 'bob' });
    await throughModelSeam(seal, [{ id: 'c2', tool: 'refund', raw }]);
    expect(await refund.needsApproval(rc, JSON.parse(raw), 'c2')).toBe(false);
    expect((await w.approvals.getProposal(pending!.id))?.status).toBe('approved');
    const out = await refund.invoke(rc, raw, { toolCall: functionCall('c2', 'refund', raw) });
    expect(out).toEqual({ refunded: 25000 });
    expect((await w.approvals.getProposal(pending!.id))?.status).toBe('consumed');
    const again = await refund.invoke(rc, raw, { toolCall: functionCall('c3', 'refund', raw) });
    expect(String(again)).toContain('code=approval_required');
    expect(w.executions).toHaveLength(1);
  });

  it('a cached attempt is used only for byte-identical text', async () => {
    const w = supportWorld([]);
    const seal = createAgentsSeal({ authorizer: w.authorizer });
    const refund = seal.tool(w.tools.refund);
    const rc = { context: {} } as never;
    const small = '{"orderId":"o-1","amount":5}';
    await throughModelSeam(seal, [{ id: 'c1', tool: 'refund', raw: small }]);
    expect(await refund.needsApproval(rc, JSON.parse(small), 'c1')).toBe(false); // allowed, handed over
    const big = '{"orderId":"o-1","amount":99999}';
    const out = await refund.invoke(rc, big, { toolCall: functionCall('c1', 'refund', big) });
    expect(String(out)).toContain('code=approval_required');
    expect(w.executions).toHaveLength(0);
  });

  it('a denied call is never executed and names the reason', async () => {
    const deleted: unknown[] = [];
    const approvals = createMemoryApprovalStore();
    const authorizer = createAuthorizer({
      agent: 'support',
      policy: ({ tool }) =>
        tool === 'delete_customer'
          ? { type: 'deny', reason: 'deleting customers is forbidden' }
          : { type: 'allow' },
      approvals,
    });
    const del = defineTool({
      name: 'delete_customer',
      schema: z.object({ customerId: z.string() }),
      execute: (input) => deleted.push(input),
    });
    const model = new ScriptedModel([
      [functionCall('c1', 'delete_customer', '{"customerId":"c-1"}')],
    ]);
    const agent = createAgentsSeal({ authorizer }).agent(new Agent({ name: 'support', model }), {
      tools: [del],
    });
    const result = await run(agent, 'go');
    expect(deleted).toHaveLength(0);
    const out = result.history.find((i) => i.type === 'function_call_result') as {
      output: { text: string };
    };
    expect(out.output.text).toBe(
      'argseal refused the call of tool "delete_customer": stage=policy code=denied reason=deleting customers is forbidden. Nothing was executed.',
    );
  });
});
