import type { ToolPolicy } from '@argseal/core';
import {
  allOf,
  alwaysDeny,
  firstMatch,
  forTools,
  idsFromServerList,
  moneyLimit,
  when,
} from '@argseal/policies';

/** Server-side context (the invoke config's `context`). Never filled by the model. */
export interface SupportContext {
  /** Who is signed in. */
  agentUser: string;
  /** The orders the support user may act on, as the server's own order list returned them. */
  customerOrderIds: readonly string[];
}

/** Refunds up to 50.00 EUR (5000 minor units) run; above that a human approves. */
const REFUND_LIMIT_MINOR = 50_00;
/** Refunds above 20,000.00 EUR (2000000 minor units) are denied outright. */
const REFUND_CEILING_MINOR = 20_000_00;

type Ctx = SupportContext | undefined;

/** The order id in the arguments must be one the server listed. */
const knownOrder = idsFromServerList<Ctx>({
  paths: ['/orderId'],
  list: (ctx) => ctx?.customerOrderIds,
});

/**
 * Built from @argseal/policies: the first rule that matches decides, and every decision
 * carries a trace naming the rule that decided (`decidedBy`). Any other tool is denied
 * (`no_rule_matched`).
 */
export const supportPolicy: ToolPolicy<Ctx> = firstMatch<Ctx>(
  when(
    ({ context }) => !context?.agentUser,
    alwaysDeny('no signed-in support user', { name: 'signedIn' }),
  ),
  forTools(['lookup_order'], knownOrder),
  forTools(
    ['refund'],
    allOf(
      moneyLimit({
        amount: '/amountMinor',
        limits: { EUR: { ceiling: REFUND_CEILING_MINOR, approvalAbove: REFUND_LIMIT_MINOR } },
      }),
      knownOrder,
    ),
  ),
  forTools(['delete_customer'], alwaysDeny('deleting customers is not allowed')),
);
