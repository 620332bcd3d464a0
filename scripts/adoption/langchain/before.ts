import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  type ToolPolicy,
} from '@argseal/core';
import { approve, argsealMiddleware, getApprovalRequest, resumeWith } from '@argseal/langchain';
import { tool } from '@langchain/core/tools';
import { MemorySaver } from '@langchain/langgraph';
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
const audit = createMemoryAuditLog();
const approvals = createMemoryApprovalStore({ audit });
const authorizer = createAuthorizer({ agent: 'support', approvals, audit, policy });
const agent = createAgent({
  model,
  middleware: [argsealMiddleware({ authorizer, tools })],
  checkpointer: new MemorySaver(),
});

const input = { messages: [{ role: 'user', content: 'Refund order A-1, 120.00 EUR' }] };
const config = { configurable: { thread_id: 'ticket-1' } };
let result = await agent.invoke(input, config);
const request = getApprovalRequest(result);
if (request) {
  const decisions = request.proposals.map((p) => approve(p));
  result = await agent.invoke(resumeWith({ approver: 'ops', decisions }), config);
}
console.log(result.messages.at(-1)?.content);
console.log(`executed: ${JSON.stringify(executed)}`);
