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
const agent = createAgent({ model, tools });

const input = { messages: [{ role: 'user', content: 'Refund order A-1, 120.00 EUR' }] };
const result = await agent.invoke(input);
console.log(result.messages.at(-1)?.content);
console.log(`executed: ${JSON.stringify(executed)}`);
