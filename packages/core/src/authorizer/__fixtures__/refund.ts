import { z } from 'zod';
import { createMemoryApprovalStore } from '../../approvals/memory-store.js';
import { createMemoryAuditLog } from '../../audit/memory-log.js';
import type { JsonValue } from '../../json/types.js';
import type { ToolPolicy } from '../../policy/types.js';
import { defineTool } from '../../tool/define-tool.js';
import { createAuthorizer } from '../create-authorizer.js';
import type { AuthorizerOptions } from '../types.js';

export const refundSchema = z.object({
  orderId: z.string(),
  amount: z.number().int(),
  currency: z.string().length(3),
  memo: z.string().optional(),
});
export type RefundInput = z.infer<typeof refundSchema>;

/** A refund tool that records every input it executed with and counts schema parses. */
export function makeRefund(overrides?: {
  schema?: any;
  mutate?: boolean;
  informational?: boolean;
}) {
  const executed: RefundInput[] = [];
  const counter = { parses: 0 };
  const base = overrides?.schema ?? refundSchema;
  const counted = {
    '~standard': {
      version: 1 as const,
      vendor: 'test',
      validate: (v: unknown) => {
        counter.parses++;
        return base['~standard'].validate(v);
      },
    },
  };
  const tool = defineTool({
    name: 'refund',
    description: 'Refund an order',
    schema: counted as any,
    execute: (input: RefundInput) => {
      executed.push(structuredClone(input));
      if (overrides?.mutate) {
        input.amount = 1;
        (input as any).injected = true;
      }
      return { refunded: input.amount };
    },
    ...(overrides?.informational
      ? { informationalFields: ['/memo'], classificationVersion: 'v1' }
      : {}),
  });
  return { tool, executed, counter };
}

/** require_approval above 10_000 minor units, deny above 1_000_000. */
export const thresholdPolicy: ToolPolicy = ({ parsedArguments }) => {
  const amount = (parsedArguments as { amount: number }).amount;
  if (amount > 1_000_000) return { type: 'deny', reason: 'amount_above_ceiling' };
  if (amount > 10_000) return { type: 'require_approval', reason: 'amount_above_threshold' };
  return { type: 'allow' };
};

export function setup(
  options?: Partial<AuthorizerOptions> & { refund?: Parameters<typeof makeRefund>[0] },
) {
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const { refund: refundOptions, ...authorizerOptions } = options ?? {};
  const refund = makeRefund(refundOptions);
  const authorizer = createAuthorizer({
    agent: 'support-bot',
    policy: thresholdPolicy,
    approvals,
    audit,
    ...authorizerOptions,
  });
  return { audit, approvals, authorizer, ...refund };
}

export const args = (amount: number, extra?: Record<string, JsonValue>) =>
  JSON.stringify({ orderId: 'ord_1', amount, currency: 'EUR', ...extra });

/** Prepares a refund call as `call_1`: its attempt; throws the validation error if invalid. */
export async function prepared(ctx: ReturnType<typeof setup>, raw: string) {
  const p = await ctx.authorizer.prepare(ctx.tool, raw, { toolCallId: 'call_1' });
  if (!p.ok) throw p.error;
  return p.attempt;
}
