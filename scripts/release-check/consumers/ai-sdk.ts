// Type-checks @argseal/ai-sdk against ai's types, as a strict user project would.
import { ArgsealAiSdkError, type SealToolsOptions, sealTools } from '@argseal/ai-sdk';
import { createAuthorizer, createMemoryApprovalStore, defineTool } from '@argseal/core';
import { generateText, type LanguageModel, type ModelMessage, stepCountIs, tool } from 'ai';
import { z } from 'zod';

const refund = defineTool({
  name: 'refund',
  description: 'Refund an order',
  schema: z.object({ orderId: z.string(), amount: z.number().int() }),
  execute: async ({ orderId, amount }: { orderId: string; amount: number }) => ({
    orderId,
    amount,
  }),
});
const lookup_order = tool({
  description: 'Look up an order',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, status: 'delivered' }),
});

const options: SealToolsOptions<{ userId: string }> = {
  authorizer: createAuthorizer<{ userId: string }>({
    agent: 'support',
    approvals: createMemoryApprovalStore(),
    policy: ({ context }) =>
      context.userId ? { type: 'allow' } : { type: 'deny', reason: 'no user' },
  }),
  context: { userId: 'u-1' },
};
const sealed = sealTools({ lookup_order, refund }, options);

export async function turn(model: Exclude<LanguageModel, string>, messages: ModelMessage[]) {
  const result = await generateText({
    ...sealed.settings(model),
    messages,
    stopWhen: stepCountIs(3),
  });
  const proposal = sealed.proposalFor('call-1');
  const hash: string | undefined = proposal?.proposalHash;
  return { messages: result.responseMessages, hash };
}

export function isAdapterError(error: unknown): string | undefined {
  return ArgsealAiSdkError.isInstance(error) ? error.code : undefined;
}
