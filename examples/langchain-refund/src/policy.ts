import type { ToolPolicy } from '@argseal/core';

/** Server-side context: who is signed in. Never filled by the model. */
export interface SupportContext {
  agentUser: string;
}

/** Refunds up to 50.00 EUR (5000 minor units) run; above that a human approves. */
export const REFUND_LIMIT_MINOR = 5000;

export const supportPolicy: ToolPolicy<SupportContext | undefined> = ({
  tool,
  parsedArguments,
  context,
}) => {
  if (!context?.agentUser) return { type: 'deny', reason: 'no signed-in support user' };
  if (tool === 'lookup_order') return { type: 'allow' };
  if (tool === 'refund') {
    const amount = (parsedArguments as { amountMinor: number }).amountMinor;
    return amount > REFUND_LIMIT_MINOR
      ? { type: 'require_approval', reason: `refund above ${REFUND_LIMIT_MINOR} minor units` }
      : { type: 'allow' };
  }
  if (tool === 'delete_customer')
    return { type: 'deny', reason: 'deleting customers is not allowed' };
  return { type: 'deny', reason: 'unknown tool' };
};
