import { createAuthorizer, defineTool } from '@argseal/core';
import { createDbosApprovals, createDbosLedger } from '@argseal/dbos';
import { createSqlApprovalStore, createSqlAuditLog } from '@argseal/postgres';
import { DBOS } from '@dbos-inc/dbos-sdk';
import pg from 'pg';
import { z } from 'zod';

/** The refund agent: refunds above 100.00 EUR wait for a person, as a durable DBOS step. */
export function openRefundAgent(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  const audit = createSqlAuditLog(pool);
  const approvals = createSqlApprovalStore(pool, { audit });
  const ledger = createDbosLedger({ db: pool });
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order in minor units',
    schema: z.object({
      orderId: z.string(),
      amount: z.number().int(),
      currency: z.string().length(3),
    }),
    execute: async (input) => {
      await pool.query('INSERT INTO refunds (order_id, amount) VALUES ($1, $2)', [
        input.orderId,
        input.amount,
      ]);
      return { refunded: input.amount, currency: input.currency };
    },
  });
  const authorizer = createAuthorizer({
    agent: 'refund-bot',
    approvals,
    audit,
    policy: ({ parsedArguments }) =>
      (parsedArguments as { amount: number }).amount > 10_000
        ? { type: 'require_approval', reason: 'amount_above_threshold' }
        : { type: 'allow' },
  });
  const sealed = createDbosApprovals({ authorizer, ledger });
  // The model's raw argument text is the workflow's input: DBOS records it and replays it.
  const refundWorkflow = DBOS.registerWorkflow(
    async (rawArguments: string) => sealed.callTool(refund, rawArguments, { toolCallId: 'call_1' }),
    { name: 'refundWorkflow' },
  );
  return { pool, refundWorkflow };
}
