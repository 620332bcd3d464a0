// Type-checks @argseal/workflow: the registration of sealed tools, a sealed call inside a
// Workflow DevKit workflow, the store wrapper that resumes hooks, against core's engine-
// neutral wait types and @argseal/postgres's SQL ledger.
import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryExecutionLedger,
  type DurableOutcome,
  defineTool,
} from '@argseal/core';
import { createSqlExecutionLedger, type SqlExecutionLedger } from '@argseal/postgres';
import {
  callSealedTool,
  createMemoryWaitIndex,
  type DecisionMessage,
  decisionHookToken,
  registerSealedTools,
  type SealedTools,
  type WaitIndex,
  WorkflowApprovalError,
  wakeHooksOnDecide,
} from '@argseal/workflow';
import { resumeHook } from 'workflow/api';

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
export const sealed: SealedTools = registerSealedTools({
  authorizer,
  ledger: createMemoryExecutionLedger(),
  waits: createMemoryWaitIndex(),
  tools: [refund],
  name: 'consumer',
});
declare const db: { query(text: string, params?: unknown[]): Promise<{ rows: any[] }> };
const sqlLedger: SqlExecutionLedger = createSqlExecutionLedger({ db });
const asWaits: WaitIndex = sqlLedger;
export const deciding = wakeHooksOnDecide(approvals, { resumeHook, waits: asWaits });

export async function refundWorkflow(raw: string): Promise<DurableOutcome> {
  'use workflow';
  return callSealedTool('refund', raw, { toolCallId: 'call_1', registration: 'consumer' });
}
export const token: string = decisionHookToken('0'.repeat(64), 'wrun_1');
export const message: DecisionMessage = { proposalHash: '0'.repeat(64), decision: 'approve' };
export const isBranded = (e: unknown): boolean => WorkflowApprovalError.isInstance(e);
