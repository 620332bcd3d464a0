import {
  type ApprovalStore,
  type AuditSink,
  createAuthorizer,
  defineTool,
  type JsonValue,
  type PolicyDecision,
} from '@argseal/core';
import type { ApprovalRule } from '@argseal/core/store';
import { z } from 'zod';

/** Server-side context of the support app: who the customer is, which chat, who asked. */
export interface SupportContext {
  customer: string;
  conversation: string;
  user: string;
}

const refundSchema = z.object({
  orderId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string().optional(),
});

/** A refund tool that declares how the console shows it. */
export const refund = defineTool<z.infer<typeof refundSchema>, unknown, SupportContext>({
  name: 'refund',
  description: 'Refund part of an order',
  schema: refundSchema,
  execute: (input) => ({ refunded: input.amount }),
  presentation: {
    title: 'Refund',
    summary: 'Refund {amount} on order {orderId}',
    fields: {
      orderId: { label: 'Order', format: 'id' },
      amount: { label: 'Amount', format: 'money', currencyField: 'currency' },
      currency: { label: 'Currency' },
      reason: { label: 'Reason given' },
    },
    context: (ctx) => ({
      customer: ctx.customer,
      conversation: ctx.conversation,
      requester: ctx.user,
    }),
  },
});

const deleteSchema = z.object({ customerId: z.string() });
/** A tool without presentation: the console falls back to field names. */
export const closeAccount = defineTool({
  name: 'close_account',
  schema: deleteSchema,
  execute: () => 'closed',
});

/** Seeds proposals the way agents do: authorizer calls that suspend in `store`. */
export function seeder(store: ApprovalStore, audit: AuditSink, agent = 'support-bot') {
  let n = 0;
  const authorizer = (policy: (amount: number) => PolicyDecision, rewrite = false) =>
    createAuthorizer<SupportContext>({
      agent,
      policy: ({ parsedArguments }) =>
        policy(Number((parsedArguments as { amount?: number }).amount ?? 0)),
      approvals: store,
      audit,
      ...(rewrite
        ? {
            rewrite: [
              ({ arguments: a }: { arguments: JsonValue }) => {
                const args = a as Record<string, JsonValue>;
                return typeof args.currency === 'string'
                  ? { ...args, currency: args.currency.toUpperCase() }
                  : undefined;
              },
            ],
          }
        : {}),
    });
  const needsApproval = (amount: number): PolicyDecision =>
    amount >= 100_000
      ? { type: 'require_approval', reason: 'money_above_approval_threshold', risk: 'high' }
      : { type: 'require_approval', reason: 'money_above_approval_threshold' };
  const context = (i: number): SupportContext => ({
    customer: `Dana Ruiz (C-${40 + i})`,
    conversation: `conv-${700 + i}`,
    user: 'dana',
  });
  return {
    async refund(
      args: Record<string, unknown>,
      options: { rewrite?: boolean; customer?: number; approvals?: ApprovalRule } = {},
    ) {
      const rule = options.approvals;
      const decide = rule
        ? (amount: number): PolicyDecision => ({
            type: 'require_approval',
            reason: 'money_above_approval_threshold',
            approvals: rule,
            ...(amount >= 100_000 ? { risk: 'high' as const } : {}),
          })
        : needsApproval;
      const out = await authorizer(decide, options.rewrite).call(refund, JSON.stringify(args), {
        toolCallId: `call-${++n}`,
        context: context(options.customer ?? n),
      });
      if (out.status !== 'suspended') throw new Error(`expected suspended, got ${out.status}`);
      return out.proposal;
    },
    async closeAccount(customerId: string) {
      const out = await createAuthorizer({
        agent: 'cleanup-bot',
        policy: () => ({ type: 'require_approval', reason: 'account_closure_needs_person' }),
        approvals: store,
        audit,
      }).call(closeAccount, JSON.stringify({ customerId }), { toolCallId: `call-${++n}` });
      if (out.status !== 'suspended') throw new Error(`expected suspended, got ${out.status}`);
      return out.proposal;
    },
    /** Runs the call again as the agent would after approval (consumes the grant). */
    async resume(args: Record<string, unknown>, customer: number) {
      return authorizer(needsApproval).call(refund, JSON.stringify(args), {
        toolCallId: `resume-${++n}`,
        context: context(customer),
      });
    },
  };
}
