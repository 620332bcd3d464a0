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
const agent = new ToolLoopAgent({ model, tools, stopWhen: stepCountIs(5) });

async function chat(messages: ModelMessage[]) {
  const result = await agent.generate({ messages });
  messages.push(...result.responseMessages);
  return result.text;
}

const messages: ModelMessage[] = [{ role: 'user', content: 'Refund order A-1, 120.00 EUR' }];
console.log(await chat(messages));
console.log(`executed: ${JSON.stringify(executed)}`);
