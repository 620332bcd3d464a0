// Type-checks @argseal/langchain with createAgent, LangGraph resume and sealed tools.
import { createAuthorizer, createMemoryApprovalStore, defineTool } from '@argseal/core';
import {
  type ArgsealApprovalRequest,
  type ArgsealDecision,
  ArgsealLangChainError,
  approve,
  argsealMiddleware,
  edit,
  getApprovalRequest,
  reject,
  resumeWith,
  type SealedTool,
  sealTool,
} from '@argseal/langchain';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { tool } from '@langchain/core/tools';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { z } from 'zod';

interface Ctx {
  userId: string;
}
const authorizer = createAuthorizer<Ctx>({
  agent: 'support',
  approvals: createMemoryApprovalStore(),
  policy: ({ context }) =>
    context.userId ? { type: 'allow' } : { type: 'deny', reason: 'no user' },
});
const refund = defineTool({
  name: 'refund',
  schema: z.object({ orderId: z.string(), amount: z.number().int() }),
  execute: async (input: { orderId: string; amount: number }) => `refunded ${input.amount}`,
});
const lookup = tool(async ({ orderId }: { orderId: string }) => `order ${orderId}`, {
  name: 'lookup_order',
  description: 'Look up an order',
  schema: z.object({ orderId: z.string() }),
});

export async function turn(model: BaseChatModel): Promise<string> {
  const agent = createAgent({
    model,
    middleware: [argsealMiddleware<Ctx>({ authorizer, tools: [refund, lookup] })],
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: 't-1' }, context: { userId: 'u-1' } };
  const paused = await agent.invoke({ messages: [{ role: 'user', content: 'refund' }] }, config);
  const request: ArgsealApprovalRequest | undefined = getApprovalRequest(paused);
  if (!request) return 'completed';
  const decisions: ArgsealDecision[] = request.proposals.map((p, i) =>
    i === 0
      ? approve(p, { note: 'ok' })
      : i === 1
        ? edit(p, { name: p.tool, args: { orderId: 'o-1', amount: 1 } })
        : reject(p, { note: 'no' }),
  );
  const done = await agent.invoke(resumeWith({ approver: 'alice', decisions }), config);
  return String(done.messages.length);
}

export async function direct(): Promise<string> {
  const sealed: SealedTool<Ctx> = sealTool<Ctx>(refund, {
    authorizer,
    context: () => ({ userId: 'u-1' }),
  });
  try {
    return String(await sealed.invoke({ orderId: 'o-1', amount: 5 }));
  } catch (error) {
    return ArgsealLangChainError.isInstance(error) ? error.code : 'other';
  }
}
