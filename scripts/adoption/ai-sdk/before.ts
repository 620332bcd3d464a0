import { sealTools } from '@argseal/ai-sdk';
import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  type ToolPolicy,
} from '@argseal/core';
import { type ModelMessage, stepCountIs, type ToolApprovalResponse, ToolLoopAgent, tool } from 'ai';
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
const audit = createMemoryAuditLog();
const approvals = createMemoryApprovalStore({ audit });
const authorizer = createAuthorizer({ agent: 'support-bot', approvals, audit, policy });
const sealed = sealTools(tools, { authorizer });
const agent = new ToolLoopAgent({ ...sealed.settings(model), stopWhen: stepCountIs(5) });

async function chat(messages: ModelMessage[]) {
  const result = await agent.generate({ messages });
  messages.push(...result.responseMessages);
  return result.text;
}

const messages: ModelMessage[] = [{ role: 'user', content: 'Refund order A-1, 120.00 EUR' }];
console.log(await chat(messages));
const responses: ToolApprovalResponse[] = [];
for (const message of messages) {
  if (message.role !== 'assistant' || typeof message.content === 'string') continue;
  for (const part of message.content) {
    if (part.type !== 'tool-approval-request') continue;
    const proposal = sealed.proposalFor(part.toolCallId);
    if (!proposal) continue;
    await approvals.decide(proposal.proposalHash, { decision: 'approve', approver: 'ops' });
    responses.push({ type: 'tool-approval-response', approvalId: part.approvalId, approved: true });
  }
}
messages.push({ role: 'tool', content: responses });
console.log(await chat(messages));
console.log(`executed: ${JSON.stringify(executed)}`);
