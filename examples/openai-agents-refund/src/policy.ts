import type { ToolPolicy } from '@argseal/core';

/** Refunds above this many minor units (50.00) need a human. */
export const REFUND_APPROVAL_THRESHOLD = 5000;

export const supportPolicy: ToolPolicy = ({ tool, parsedArguments }) => {
  switch (tool) {
    case 'lookup_order':
      return { type: 'allow' };
    case 'refund': {
      const { amount } = parsedArguments as { amount: number };
      return amount > REFUND_APPROVAL_THRESHOLD
        ? {
            type: 'require_approval',
            reason: `refund of ${amount} minor units is above ${REFUND_APPROVAL_THRESHOLD}`,
          }
        : { type: 'allow' };
    }
    case 'delete_customer':
      return { type: 'deny', reason: 'deleting customers is not allowed for the support agent' };
    default:
      return { type: 'deny', reason: 'unknown tool' };
  }
};
