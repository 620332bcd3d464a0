import { defineTool } from '@argseal/core';
import { tool } from '@argseal/openai-agents';
import { z } from 'zod';
import { ORDERS, updateBackend } from './backend.js';

export function createTools(dir: string) {
  // SDK-style tool(), imported from @argseal/openai-agents (same options as the SDK's):
  // sealed with one schema parse, execute(input, runContext, details) as usual.
  const lookup_order = tool({
    name: 'lookup_order',
    description: 'Look up an order by id.',
    parameters: z.object({ orderId: z.string().min(1) }),
    execute: async ({ orderId }) => ORDERS[orderId] ?? { error: 'no such order' },
  });

  // argseal tools: schema parsed once per attempt, execute gets a fresh private copy.
  const refund = defineTool({
    name: 'refund',
    description:
      'Refund an order. amount is in integer minor units (cents); currency is an ISO 4217 code.',
    schema: z
      .object({
        orderId: z.string().min(1),
        amount: z.number().int().positive(),
        currency: z.string().regex(/^[A-Z]{3}$/),
        reason: z.string().max(200),
      })
      .strict(),
    execute: async ({ orderId, amount, currency }) => {
      updateBackend(dir, (s) => s.refunds.push({ orderId, amount, currency }));
      return { refunded: amount, currency, orderId };
    },
  });

  const delete_customer = defineTool({
    name: 'delete_customer',
    description: 'Delete a customer account and all its data.',
    schema: z.object({ customerId: z.string().min(1) }).strict(),
    execute: async ({ customerId }) => {
      updateBackend(dir, (s) => s.deletedCustomers.push(customerId));
      return { deleted: customerId };
    },
  });

  return { lookup_order, refund, delete_customer };
}
