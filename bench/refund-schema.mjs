// The zod schema of the bench payloads (bench/payloads.mjs), shared by the benches.
import { z } from 'zod';

const itemSchema = z.object({
  sku: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  currency: z.string(),
  taxRate: z.number(),
  tags: z.array(z.string()),
  metadata: z.object({ warehouse: z.string(), fragile: z.boolean(), note: z.null() }),
});
export const refundSchema = z.object({
  orderId: z.string(),
  customer: z.object({ id: z.string(), email: z.string(), name: z.string(), vip: z.boolean() }),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  items: z.array(itemSchema),
});
