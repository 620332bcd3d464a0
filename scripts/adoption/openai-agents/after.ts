import { createAgentsSeal, createAuthorizer, type ToolPolicy, tool } from '@argseal/openai-agents';
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { z } from 'zod';
import { executed, model } from './model.js';

setTracingDisabled(true);
const lookup_order = tool({
  name: 'lookup_order',
  description: 'Look up an order',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, status: 'delivered' }),
});
const refund = tool({
  name: 'refund',
  description: 'Refund an order, amount in integer minor units',
  parameters: z.object({ orderId: z.string(), amount: z.number().int().positive() }),
  execute: async ({ orderId, amount }) => executed.push(`refund ${orderId} ${amount}`),
});
const cancel_order = tool({
  name: 'cancel_order',
  description: 'Cancel an order',
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => executed.push(`cancel ${orderId}`),
});
const tools = [lookup_order, refund, cancel_order];
// policy
const policy: ToolPolicy = ({ tool, parsedArguments }) =>
  tool === 'refund' && (parsedArguments as { amount: number }).amount > 5000
    ? { type: 'require_approval', reason: 'refund above 50.00' }
    : { type: 'allow' };
// end policy
const seal = createAgentsSeal({ authorizer: createAuthorizer({ agent: 'support', policy }) });
const agent = seal.agent(new Agent({ name: 'support', model, tools }));

const result = await run(agent, 'Refund order A-1, 120.00 EUR');
for (const p of await seal.pending(result.state)) await seal.approve(p, { approver: 'ops' });
console.log((await run(agent, result.state)).finalOutput);
console.log(`executed: ${JSON.stringify(executed)}`);
