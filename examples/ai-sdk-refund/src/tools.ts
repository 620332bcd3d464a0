import { defineTool } from '@argseal/core';
import { tool } from 'ai';
import { z } from 'zod';
import type { SupportContext } from './policy.js';

/** A tiny in-memory "backend" so the example can show exactly what ran. */
export interface Backend {
  orders: Map<string, { customerId: string; total: number; currency: string }>;
  refunds: { orderId: string; amount: number; currency: string }[];
  deletedCustomers: string[];
}

export function createBackend(): Backend {
  return {
    orders: new Map([['A-1001', { customerId: 'C-42', total: 12000, currency: 'EUR' }]]),
    refunds: [],
    deletedCustomers: [],
  };
}

export function createTools(backend: Backend) {
  // A plain AI SDK tool: sealed as is by sealTools().
  const lookup_order = tool({
    description: 'Look up an order by id.',
    inputSchema: z.object({ orderId: z.string().min(1) }).strict(),
    execute: async ({ orderId }) => backend.orders.get(orderId) ?? { error: 'no such order' },
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
    // How the approval console shows the call; never part of the hash.
    presentation: {
      title: 'Refund',
      summary: 'Refund {amount} on order {orderId}',
      fields: {
        orderId: { label: 'Order', format: 'id' },
        amount: { label: 'Amount', format: 'money', currencyField: 'currency' },
        currency: { label: 'Currency' },
        reason: { label: 'Reason given' },
      },
      // labels from the server's context, never from the model's arguments
      context: (ctx: SupportContext) => ({
        customer: ctx.customer,
        conversation: ctx.conversation,
        requester: ctx.operator,
      }),
    },
    execute: async ({ orderId, amount, currency }) => {
      backend.refunds.push({ orderId, amount, currency });
      return { refunded: amount, currency, orderId };
    },
  });

  const delete_customer = defineTool({
    name: 'delete_customer',
    description: 'Delete a customer account and all its data.',
    schema: z.object({ customerId: z.string().min(1) }).strict(),
    execute: async ({ customerId }) => {
      backend.deletedCustomers.push(customerId);
      return { deleted: customerId };
    },
  });

  return { lookup_order, refund, delete_customer };
}
