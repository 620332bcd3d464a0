// The refund scenario every smoke script runs: a `refund` tool (amount in minor units)
// that records what it executed, and an authorizer whose policy asks for approval above
// 10_000. Stores default to core's memory ones; the postgres smoke passes its SQL ones.
import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { z } from 'zod';

export function refundWorld({
  audit = createMemoryAuditLog(),
  approvals = createMemoryApprovalStore({ audit }),
  output = (input) => ({ refunded: input.amount }),
} = {}) {
  const executed = [];
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order, amount in minor units',
    schema: z.object({ orderId: z.string(), amount: z.number().int() }),
    execute: async (input) => {
      executed.push(input);
      return output(input);
    },
  });
  const authorizer = createAuthorizer({
    agent: 'support',
    approvals,
    audit,
    policy: ({ parsedArguments }) =>
      parsedArguments.amount > 10_000
        ? { type: 'require_approval', reason: 'refund above 100.00' }
        : { type: 'allow' },
  });
  return { executed, refund, audit, approvals, authorizer };
}
