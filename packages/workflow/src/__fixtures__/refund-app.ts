import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  createMemoryExecutionLedger,
  defineTool,
  type ExecutionLedger,
} from '@argseal/core';
import { resumeHook } from 'workflow/api';
import { getWorld } from 'workflow/runtime';
import { z } from 'zod';
import { createMemoryWaitIndex, registerSealedTools, wakeHooksOnDecide } from '../index.js';

export const refundArgs = (amount: number, orderId = 'ord_1') =>
  JSON.stringify({ orderId, amount, currency: 'EUR' });

/** The refund app in this process: memory store, audit, ledger and wait index. */
export function openRefundApp(
  clock: { now: Date } = { now: new Date() },
  wrapLedger: (ledger: ExecutionLedger) => ExecutionLedger = (l) => l,
) {
  const audit = createMemoryAuditLog();
  const store = createMemoryApprovalStore({ now: () => clock.now });
  const ledger = wrapLedger(createMemoryExecutionLedger());
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

/** How many `name` steps of the run completed (from the world's step records). */
export async function completedSteps(runId: string, name: string): Promise<number> {
  const steps = await getWorld().steps.list({ runId, resolveData: 'none' });
  return steps.data.filter((s) => s.stepName.endsWith(`//${name}`) && s.status === 'completed')
    .length;
}

/** Polls until `check` holds (the engine runs steps in the background). */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}
