import { tool } from '@langchain/core/tools';
import { z } from 'zod';

/** A tiny in-memory backend, so the demo can show what really happened. */
export interface Backend {
  refunds: { orderId: string; amountMinor: number; currency: string }[];
  deletedCustomers: string[];
}

export function createBackend(): Backend {
  return { refunds: [], deletedCustomers: [] };
}

/** Plain LangChain tools with zod schemas; argseal seals them in the middleware. */
export function supportTools(backend: Backend) {
  const lookupOrder = tool(
    async ({ orderId }) => ({
      orderId,
      customerId: 'cus_42',
      totalMinor: 12000,
      currency: 'EUR',
      status: 'damaged on arrival',
    }),
    {
      name: 'lookup_order',
      description: 'Look up an order by id.',
      schema: z.object({ orderId: z.string() }),
    },
  );
  const refund = tool(
    async ({ orderId, amountMinor, currency }) => {
      backend.refunds.push({ orderId, amountMinor, currency });
      return `Refunded ${(amountMinor / 100).toFixed(2)} ${currency} on ${orderId}.`;
    },
    {
      name: 'refund',
      description:
        'Refund an order. amountMinor is in integer minor units (cents); currency is an ISO 4217 code.',
      schema: z.object({
        orderId: z.string(),
        amountMinor: z.number().int().positive(),
        currency: z.string().regex(/^[A-Z]{3}$/),
        reason: z.string().optional(),
      }),
    },
  );
  const deleteCustomer = tool(
    async ({ customerId }) => {
      backend.deletedCustomers.push(customerId);
      return `Deleted ${customerId}.`;
    },
    {
      name: 'delete_customer',
      description: 'Delete a customer account.',
      schema: z.object({ customerId: z.string() }),
    },
  );
  return [lookupOrder, refund, deleteCustomer];
}
