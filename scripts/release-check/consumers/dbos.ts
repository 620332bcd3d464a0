// Type-checks @argseal/dbos: a sealed tool call inside a DBOS workflow, the SQL ledger and
// the store wrapper that wakes workflows, against core's engine-neutral wait types.
import {
  createAuthorizer,
  createMemoryApprovalStore,
  type DurableOutcome,
  defineTool,
  type ExecutionLedger,
} from '@argseal/core';
import {
  createDbosApprovals,
  createDbosLedger,
  DbosApprovalError,
  type DbosLedger,
  decisionTopic,
  type LedgerQueryable,
  wakeWorkflowsOnDecide,
} from '@argseal/dbos';
import { DBOS, DBOSClient } from '@dbos-inc/dbos-sdk';

declare const db: LedgerQueryable;
const ledger: DbosLedger = createDbosLedger({ db });
const asCore: ExecutionLedger = ledger;
void asCore;
const approvals = createMemoryApprovalStore();
const refund = defineTool({
  name: 'refund',
  description: 'Refund',
  schema: {
    '~standard': {
      version: 1,
      vendor: 'consumer',
      validate: (value: unknown) => ({ value: value as { amount: number } }),
    },
  },
  execute: ({ amount }) => ({ refunded: amount }),
});
const authorizer = createAuthorizer({ agent: 'bot', approvals, policy: () => ({ type: 'allow' }) });
const sealed = createDbosApprovals({ authorizer, ledger });
export const refundWorkflow = DBOS.registerWorkflow(
  async (raw: string): Promise<DurableOutcome> =>
    sealed.callTool(refund, raw, { timeoutSeconds: 60 }),
  { name: 'refundWorkflow' },
);
export async function decider(url: string) {
  const client = await DBOSClient.create({ systemDatabaseUrl: url });
  return wakeWorkflowsOnDecide(approvals, { messenger: client, ledger });
}
export const topic: string = decisionTopic('0'.repeat(64));
export const isBranded = (e: unknown): boolean => DbosApprovalError.isInstance(e);
