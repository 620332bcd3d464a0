// An agent in its own process: it reaches the console only over HTTP with an agent token.
// It calls a refund tool whose policy needs approval, waits (peek, non-consuming) until an
// approver decides in the console, then runs the call again: the grant is consumed and the
// tool executes. Prints one JSON line per step on stdout.
import { createConsoleApprovalStore, createConsoleAuditSink } from '@argseal/console';
import { createAuthorizer, defineTool } from '@argseal/core';
import { z } from 'zod';

const url = process.env.CONSOLE_URL;
const token = process.env.AGENT_TOKEN;
const raw = process.env.TOOL_ARGS ?? '{"orderId":"A-1001","amount":250,"currency":"usd"}';
const say = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);

const refund = defineTool({
  name: 'refund',
  description: 'Refund part of an order to the customer',
  schema: z.object({
    orderId: z.string(),
    amount: z.number().positive(),
    currency: z.enum(['USD', 'EUR']),
    memo: z.string().optional(),
  }),
  execute: (input) => ({
    refunded: input.amount,
    currency: input.currency,
    orderId: input.orderId,
  }),
});

const authorizer = createAuthorizer({
  agent: 'support-bot',
  policy: ({ parsedArguments }) =>
    parsedArguments.amount > 100
      ? {
          type: 'require_approval',
          reason: `refund of ${parsedArguments.amount} is above the 100 limit`,
        }
      : { type: 'allow' },
  // A sanitizer: currency codes are upper-cased before the call is sealed (original kept).
  rewrite: [
    ({ arguments: a }) =>
      typeof a.currency === 'string' ? { ...a, currency: a.currency.toUpperCase() } : undefined,
  ],
  approvals: createConsoleApprovalStore({ url, token }),
  audit: createConsoleAuditSink({ url, token }),
});

const first = await authorizer.call(refund, raw, { toolCallId: 'call-1' });
if (first.status !== 'suspended') {
  say({ event: 'unexpected', status: first.status });
  process.exit(1);
}
say({
  event: 'suspended',
  proposalId: first.proposal.id,
  proposalHash: first.proposal.proposalHash,
});

const deadline = Date.now() + 120_000;
for (;;) {
  const peek = await authorizer.approvals.peek(first.proposal.bindingHash);
  if (peek.live || peek.reason === 'rejected') break;
  if (Date.now() > deadline) {
    say({ event: 'timeout' });
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}
const resumed = await authorizer.call(refund, raw, {
  toolCallId: 'call-1',
  resumeOf: first.proposal.proposalHash,
});
say(
  resumed.status === 'executed'
    ? { event: 'executed', result: resumed.result, proposalHash: resumed.proposalHash }
    : { event: resumed.status, reason: resumed.reason },
);
