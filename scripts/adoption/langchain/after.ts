import { approveAll, createAuthorizer, sealAgent, type ToolPolicy } from '@argseal/langchain';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { z } from 'zod';
import { executed, model } from './model.js';

const lookup_order = tool(async ({ orderId }) => `${orderId}: delivered`, {
  name: 'lookup_order',
  description: 'Look up an order',
  schema: z.object({ orderId: z.string() }),
});
const refund = tool(async ({ orderId, amount }) => executed.push(`refund ${orderId} ${amount}`), {
  name: 'refund',
  description: 'Refund an order, amount in integer minor units',
  schema: z.object({ orderId: z.string(), amount: z.number().int().positive() }),
});
const cancel_order = tool(async ({ orderId }) => executed.push(`cancel ${orderId}`), {
  name: 'cancel_order',
  description: 'Cancel an order',
  schema: z.object({ orderId: z.string() }),
});
const tools = [lookup_order, refund, cancel_order];
// policy
const policy: ToolPolicy = ({ tool, parsedArguments }) =>
  tool === 'refund' && (parsedArguments as { amount: number }).amount > 5000
    ? { type: 'require_approval', reason: 'refund above 50.00' }
    : { type: 'allow' };
// end policy
const authorizer = createAuthorizer({ agent: 'support', policy });
const agent = createAgent({ model, ...sealAgent({ authorizer, tools }) });

const input = { messages: [{ role: 'user', content: 'Refund order A-1, 120.00 EUR' }] };
let result = await agent.invoke(input, { configurable: { thread_id: 'ticket-1' } });
const resume = approveAll(result, { approver: 'ops' });
if (resume) result = await agent.invoke(resume, { configurable: { thread_id: 'ticket-1' } });
console.log(result.messages.at(-1)?.content);
console.log(`executed: ${JSON.stringify(executed)}`);
