import { createAuthorizer, sealTools, type ToolPolicy } from '@argseal/ai-sdk';
import { type ModelMessage, stepCountIs, ToolLoopAgent, tool } from 'ai';
import { z } from 'zod';
import { executed, model } from './model.js';

const lookup_order = tool({
  description: 'Look up an order',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, status: 'delivered' }),
});
const refund = tool({
  description: 'Refund an order, amount in integer minor units',
  inputSchema: z.object({ orderId: z.string(), amount: z.number().int().positive() }),
  execute: async ({ orderId, amount }) => executed.push(`refund ${orderId} ${amount}`),
});
const cancel_order = tool({
  description: 'Cancel an order',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => executed.push(`cancel ${orderId}`),
});
const tools = { lookup_order, refund, cancel_order };
// policy
const policy: ToolPolicy = ({ tool, parsedArguments }) =>
  tool === 'refund' && (parsedArguments as { amount: number }).amount > 5000
    ? { type: 'require_approval', reason: 'refund above 50.00' }
    : { type: 'allow' };
// end policy
const seal = sealTools(tools, { authorizer: createAuthorizer({ agent: 'support-bot', policy }) });
const agent = new ToolLoopAgent({ ...seal.settings(model), stopWhen: stepCountIs(5) });

async function chat(messages: ModelMessage[]) {
  const result = await agent.generate({ messages });
  messages.push(...result.responseMessages);
  return result.text;
}

const messages: ModelMessage[] = [{ role: 'user', content: 'Refund order A-1, 120.00 EUR' }];
console.log(await chat(messages));
for (const p of await seal.pending(messages)) await seal.approve(messages, p, { approver: 'ops' });
console.log(await chat(messages));
console.log(`executed: ${JSON.stringify(executed)}`);
