import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  createMemoryExecutionLedger,
  defineTool,
} from '@argseal/core';
import { resumeHook } from 'workflow/api';
import { z } from 'zod';
import { createMemoryWaitIndex, registerSealedTools, wakeHooksOnDecide } from '../index.js';

export const refundArgs = (amount: number, orderId = 'ord_1') =>
  JSON.stringify({ orderId, amount, currency: 'EUR' });

/** The refund app in this process: memory store, audit, ledger and wait index. */
export function openRefundApp(clock: { now: Date } = { now: new Date() }) {
  const audit = createMemoryAuditLog();
  const store = createMemoryApprovalStore({ now: () => clock.now });
  const ledger = createMemoryExecutionLedger();
  const waits = createMemoryWaitIndex();
  const refunds: { orderId: string; amount: number }[] = [];
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order',
    schema: z.object({
      orderId: z.string(),
      amount: z.number().int(),
      currency: z.string().length(3),
    }),
    execute: async (input) => {
      refunds.push({ orderId: input.orderId, amount: input.amount });
      return { refunded: input.amount };
    },
  });
  const authorizer = createAuthorizer({
    agent: 'refund-bot',
    approvals: store,
    audit,
    policy: ({ parsedArguments }) =>
      (parsedArguments as { amount: number }).amount > 10_000
        ? { type: 'require_approval', reason: 'amount_above_threshold' }
        : { type: 'allow' },
  });
  const sealed = registerSealedTools({ authorizer, ledger, waits, tools: [refund] });
  const approvals = wakeHooksOnDecide(store, { resumeHook, waits });
  return { audit, store, ledger, waits, refunds, approvals, sealed, refund, authorizer };
}
