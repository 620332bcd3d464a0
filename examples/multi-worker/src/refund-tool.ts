import { defineTool } from '@argseal/core';
import type { SqlQueryable } from '@argseal/postgres';
import { z } from 'zod';

/** Refunds an order. Execution is recorded in example_refunds so the demo can count runs. */
export function refundTool(db: SqlQueryable, worker: string) {
  return defineTool({
    name: 'refund',
    description: 'Refund an order',
    schema: z.object({
      orderId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
    }),
    async execute(input, ctx) {
      await db.query(
        'INSERT INTO example_refunds (order_id, amount, worker, proposal_hash) VALUES ($1, $2, $3, $4)',
        [input.orderId, input.amount, worker, ctx.proposalHash],
      );
      return { refunded: input.amount, orderId: input.orderId, by: worker };
    },
  });
}

/** Refunds above this amount wait for a person. */
export const APPROVAL_THRESHOLD = 100;

/** The scripted model's tool call: the raw argument text a provider would send. */
export const SCRIPTED_TOOL_CALL = {
  toolCallId: 'call_refund_1',
  arguments: '{"orderId":"A-1001","amount":250,"currency":"EUR"}',
};
