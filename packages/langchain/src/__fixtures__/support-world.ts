import {
  type Authorizer,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  type MemoryAuditLog,
  type ToolPolicy,
} from '@argseal/core';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';

export const AGENT = 'support-agent';
export const REFUND_LIMIT_MINOR = 5000;

export interface Executed {
  tool: string;
  input: unknown;
}

/**
 * The support scenario: lookup_order is allowed, refund needs approval above 5000
 * minor units, refund_manual (a stricter refund) always needs approval and is denied
 * above 20000, delete_customer is denied. Tools record what they ran.
 */
export function supportWorld(options: { mutate?: boolean } = {}) {
  const executed: Executed[] = [];
  const parses = { refund: 0 };
  const lookupOrder = tool(
    async (input: { orderId: string }) => {
      executed.push({ tool: 'lookup_order', input: structuredClone(input) });
      return { orderId: input.orderId, status: 'delivered', totalMinor: 12000 };
    },
    {
      name: 'lookup_order',
      description: 'Look up an order by id',
      schema: z.object({ orderId: z.string() }),
    },
  );
  const refundSchema = z
    .object({ orderId: z.string(), amountMinor: z.number().int().positive() })
    .transform((v) => {
      parses.refund += 1;
      return v;
    });
  const refund = tool(
    async (input: { orderId: string; amountMinor: number }) => {
      executed.push({ tool: 'refund', input: structuredClone(input) });
      if (options.mutate) (input as { amountMinor: number }).amountMinor = 1;
      return `refunded ${input.amountMinor} minor units on ${input.orderId}`;
    },
    { name: 'refund', description: 'Refund an order (integer minor units)', schema: refundSchema },
  );
  const refundManual = tool(
    async (input: { orderId: string; amountMinor: number; ticket: string }) => {
      executed.push({ tool: 'refund_manual', input: structuredClone(input) });
      return `manual refund ${input.amountMinor} on ${input.orderId}`;
    },
    {
      name: 'refund_manual',
      description: 'Manual refund with a ticket',
      schema: z.object({
        orderId: z.string(),
        amountMinor: z.number().int().positive(),
        ticket: z.string(),
      }),
    },
  );
  const deleteCustomer = tool(
    async (input: { customerId: string }) => {
      executed.push({ tool: 'delete_customer', input: structuredClone(input) });
      return 'deleted';
    },
    {
      name: 'delete_customer',
      description: 'Delete a customer',
      schema: z.object({ customerId: z.string() }),
    },
  );
  const policy: ToolPolicy<{ userId: string } | undefined> = ({
    tool: name,
    parsedArguments,
    context,
  }) => {
    if (!context?.userId) return { type: 'deny', reason: 'no signed-in user' };
    const args = parsedArguments as { amountMinor?: number };
    if (name === 'lookup_order') return { type: 'allow' };
    if (name === 'refund') {
      return (args.amountMinor ?? 0) > REFUND_LIMIT_MINOR
        ? { type: 'require_approval', reason: 'refund above 5000 minor units' }
        : { type: 'allow' };
    }
    if (name === 'refund_manual') {
      return (args.amountMinor ?? 0) > 20000
        ? { type: 'deny', reason: 'manual refunds are capped at 20000 minor units' }
        : { type: 'require_approval', reason: 'manual refunds always need approval' };
    }
    if (name === 'delete_customer')
      return { type: 'deny', reason: 'deleting customers is forbidden' };
    return { type: 'deny', reason: 'unknown tool' };
  };
  const audit: MemoryAuditLog = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer: Authorizer<{ userId: string } | undefined> = createAuthorizer({
    agent: AGENT,
    policy,
    approvals,
    audit,
  });
  return {
    executed,
    parses,
    audit,
    approvals,
    authorizer,
    tools: { lookupOrder, refund, refundManual, deleteCustomer },
    allTools: [lookupOrder, refund, refundManual, deleteCustomer],
  };
}
