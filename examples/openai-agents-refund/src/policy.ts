import type { ToolPolicy } from '@argseal/core';
import {
  allOf,
  alwaysDeny,
  firstMatch,
  forTools,
  idsFromServerList,
  moneyLimit,
} from '@argseal/policies';

/**
 * Server-side context, given by `createAgentsSeal({ context })`. Never filled by the
 * model, and never read from the stored RunState text (which a client can edit).
 */
export interface SupportContext {
  customerId: string;
  /** The orders of the signed-in customer, as the server's own order list returned them. */
  customerOrderIds: readonly string[];
}

/** Refunds above this many minor units (50.00 EUR) need a human. */
const REFUND_APPROVAL_THRESHOLD = 50_00;
/** Refunds above this many minor units (20,000.00 EUR) are denied outright. */
const REFUND_CEILING = 20_000_00;

/** The order id in the arguments must be one the server listed for this customer. */
const knownOrder = idsFromServerList<SupportContext>({
  paths: ['/orderId'],
  list: (ctx) => ctx.customerOrderIds,
});

/**
 * Built from @argseal/policies: the first rule whose tool matches decides, and every
 * decision carries a trace naming the rule that decided (`decidedBy`). Any other tool
 * is denied (`no_rule_matched`).
 */
export const supportPolicy: ToolPolicy<SupportContext> = firstMatch<SupportContext>(
  forTools(['lookup_order'], knownOrder),
  forTools(
    ['refund'],
    allOf(
      moneyLimit({
        limits: { EUR: { ceiling: REFUND_CEILING, approvalAbove: REFUND_APPROVAL_THRESHOLD } },
      }),
      knownOrder,
    ),
  ),
  forTools(
    ['delete_customer'],
    alwaysDeny('deleting customers is not allowed for the support agent'),
  ),
);
