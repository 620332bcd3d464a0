import {
  type ArgsealTool,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  type ToolPolicy,
} from '@argseal/core';
import { z } from 'zod';

export interface Executed {
  tool: string;
  input: unknown;
  toolCallId: string;
}

/** Refund needs approval above 50 minor units; wipe is denied; lookup is allowed. */
export const policy: ToolPolicy = ({ tool, parsedArguments }) => {
  if (tool === 'wipe') return { type: 'deny', reason: 'destructive operations are forbidden' };
  if (tool === 'refund') {
    const amount = (parsedArguments as { amount: number }).amount;
    return amount > 50
      ? { type: 'require_approval', reason: 'refund above 50' }
      : { type: 'allow' };
  }
  return { type: 'allow' };
};

export function createTestWorld(options: { policy?: ToolPolicy } = {}) {
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer({
    agent: 'support',
    policy: options.policy ?? policy,
    approvals,
    audit,
  });
  const executed: Executed[] = [];
  const parses = { refund: 0 };
  const refundSchema = z
    .object({ orderId: z.string(), amount: z.number().int() })
    .strict()
    .transform((v) => {
      parses.refund++;
      return v;
    });
  const refund: ArgsealTool = defineTool({
    name: 'refund',
    description: 'Refund an order (amount in minor units)',
    schema: refundSchema,
    execute: (input, ctx) => {
      executed.push({ tool: 'refund', input: structuredClone(input), toolCallId: ctx.toolCallId });
      return { refunded: input.amount };
    },
  });
  const lookup: ArgsealTool = defineTool({
    name: 'lookup',
    description: 'Look up an order',
    schema: z.object({ orderId: z.string() }),
    execute: (input, ctx) => {
      executed.push({ tool: 'lookup', input: structuredClone(input), toolCallId: ctx.toolCallId });
      return { status: 'shipped' };
    },
  });
  return { audit, approvals, authorizer, executed, parses, tools: { refund, lookup } };
}
