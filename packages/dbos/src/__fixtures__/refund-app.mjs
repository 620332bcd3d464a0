// A refund agent whose approvals wait as DBOS workflow steps: the fixture of the crash tests
// and of examples/durable-refund. Everything lives in one PostgreSQL database: DBOS's system
// tables, argseal's approvals and audit, the ledger, and the refunds table (the tool's effect).
import { createAuthorizer, defineTool } from '@argseal/core';
import { createDbosApprovals, createDbosLedger } from '@argseal/dbos';
import { createSqlApprovalStore, createSqlAuditLog, migrate } from '@argseal/postgres';
import { DBOS } from '@dbos-inc/dbos-sdk';
import pg from 'pg';
import { z } from 'zod';

export async function openRefundApp(url, hooks = {}) {
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  await migrate(pool);
  await pool.query(`CREATE TABLE IF NOT EXISTS refunds (
    id serial PRIMARY KEY, workflow_id text NOT NULL, order_id text NOT NULL, amount int NOT NULL)`);
  const audit = createSqlAuditLog(pool);
  const store = createSqlApprovalStore(pool, { audit });
  const ledger = createDbosLedger({ db: hooks.wrapLedger ? hooks.wrapLedger(pool) : pool });
  await ledger.ensureSchema();
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order',
    schema: z.object({
      orderId: z.string(),
      amount: z.number().int(),
      currency: z.string().length(3),
    }),
    execute: async (input) => {
      await pool.query('INSERT INTO refunds (workflow_id, order_id, amount) VALUES ($1, $2, $3)', [
        DBOS.workflowID ?? '',
        input.orderId,
        input.amount,
      ]);
      hooks.afterEffect?.();
      return { refunded: input.amount };
    },
  });
  const authorizer = createAuthorizer({
    agent: 'refund-bot',
    approvals: store,
    audit,
    policy: ({ parsedArguments }) =>
      parsedArguments.amount > 10_000
        ? { type: 'require_approval', reason: 'amount_above_threshold' }
        : { type: 'allow' },
  });
  const approvals = createDbosApprovals({ authorizer, ledger });
  const refundWorkflow = DBOS.registerWorkflow(
    async (rawArguments, options) =>
      approvals.callTool(refund, rawArguments, { toolCallId: 'call_1', ...options }),
    { name: 'refundWorkflow' },
  );
  return { pool, store, audit, ledger, refund, refundWorkflow };
}
