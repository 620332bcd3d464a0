// Type-checks @argseal/openai-agents against @openai/agents' types.
import { createAuthorizer, createMemoryApprovalStore, defineTool } from '@argseal/core';
import {
  type AgentsSeal,
  ArgsealAgentsError,
  createAgentsSeal,
  isArgsealRefusal,
  type PendingApproval,
  tool,
} from '@argseal/openai-agents';
import { Agent, RunState, run } from '@openai/agents';
import { z } from 'zod';

interface Ctx {
  userId: string;
}
const refund = defineTool({
  name: 'refund',
  schema: z.object({ orderId: z.string(), amount: z.number().int() }),
  execute: async (input: { orderId: string; amount: number }) => input.amount,
});
const lookup = tool({
  name: 'lookup_order',
  description: 'Look up an order',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => `order ${orderId}`,
});
const seal: AgentsSeal<Ctx> = createAgentsSeal<Ctx>({
  authorizer: createAuthorizer<Ctx>({
    agent: 'support',
    approvals: createMemoryApprovalStore(),
    policy: () => ({ type: 'require_approval', reason: 'always' }),
  }),
  context: (runContext) => (runContext?.context as Ctx | undefined) ?? { userId: 'anonymous' },
});
const agent = seal.agent(new Agent({ name: 'support', instructions: 'help' }), {
  tools: [refund, lookup],
});

export async function approveAll(saved: string): Promise<number> {
  const state = await RunState.fromString(agent, saved);
  const pending: PendingApproval[] = await seal.pending(state);
  for (const p of pending) {
    if (p.status === 'pending') await seal.approve(state, p.interruption, { approver: 'alice' });
  }
  const result = await run(agent, state);
  return result.interruptions.length;
}

export function classify(error: unknown, text: unknown): string {
  if (ArgsealAgentsError.isInstance(error)) return error.code;
  return isArgsealRefusal(text) ? 'refusal' : 'other';
}
