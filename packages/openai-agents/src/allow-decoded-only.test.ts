import { createAuthorizer, createMemoryAuditLog, defineTool } from '@argseal/core';
import { Agent, type Model, type ModelRequest } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runAgent } from './__fixtures__/harness.js';
import { assistantText, functionCall, ScriptedModel } from './__fixtures__/scripted-model.js';
import { createAgentsSeal } from './seal.js';

/** A model the raw-text table does not know and nobody declared: its texts are decoded-only. */
function undeclaredModel(raw: string): Model {
  const inner = new ScriptedModel([[functionCall('c1', 'refund', raw)], [assistantText('ok')]]);
  return {
    getResponse: (request: ModelRequest) => inner.getResponse(request),
    getStreamedResponse: (request: ModelRequest) => inner.getStreamedResponse(request),
  };
}

function world(allowDecodedOnly: boolean, raw: string) {
  const executed: unknown[] = [];
  const audit = createMemoryAuditLog();
  const authorizer = createAuthorizer({
    agent: 'support',
    policy: () => ({ type: 'allow' }),
    approvals: null,
    audit,
  });
  const refund = defineTool({
    name: 'refund',
    schema: z.object({ orderId: z.string(), amount: z.number().int() }),
    execute: (input) => {
      executed.push(input);
      return 'refunded';
    },
  });
  const seal = createAgentsSeal({ authorizer, ...(allowDecodedOnly ? { allowDecodedOnly } : {}) });
  const agent = seal.agent(new Agent({ name: 'support', model: undeclaredModel(raw), tools: [] }), {
    tools: [refund],
  });
  return { executed, audit, agent };
}

describe.each(['generate', 'stream'] as const)('a decoded-only model path (%s)', (mode) => {
  it('is refused raw_text_unavailable by default: nothing runs', async () => {
    const w = world(false, '{"orderId":"o-1","amount":500}');
    await runAgent(w.agent, 'go', mode);
    expect(w.executed).toEqual([]);
    const types = (await w.audit.records()).map((r) => r.type);
    expect(types).not.toContain('executed');
  });

  it('allowDecodedOnly reaches the model seam too: the call runs once, marked decoded_only', async () => {
    const w = world(true, '{"orderId":"o-1","amount":500}');
    await runAgent(w.agent, 'go', mode);
    expect(w.executed).toEqual([{ orderId: 'o-1', amount: 500 }]);
    const proposed = (await w.audit.records()).filter((r) => r.type === 'proposed');
    expect(proposed).toHaveLength(1);
    expect((proposed[0]?.data as { provenance?: string } | undefined)?.provenance).toBe(
      'decoded_only',
    );
  });
});
