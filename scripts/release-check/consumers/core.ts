// Type-checks @argseal/core's public API the way a user's strict project sees it.
import {
  type ApprovalStore,
  type ArgsealTool,
  type AuditRecord,
  type Authorizer,
  type CallOutcome,
  computeProposalHash,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  type JsonValue,
  type MemoryAuditLog,
  type PolicyDecision,
  type ReadonlyJsonValue,
  ToolArgumentsValidationError,
  type ToolPolicy,
} from '@argseal/core';
import { canonicalize, createSnapshot, parseStrictJson } from '@argseal/core/data';
import { type SuspendedToolProposal, verifyAuditChain } from '@argseal/core/store';
import { z } from 'zod';

interface AppContext {
  userId: string;
}

const refund: ArgsealTool<{ orderId: string; amount: number }, { refunded: number }, AppContext> =
  defineTool({
    name: 'refund',
    description: 'Refund an order',
    schema: z.object({ orderId: z.string(), amount: z.number().int() }),
    execute: async (input: { orderId: string; amount: number }) => ({ refunded: input.amount }),
  });

const policy: ToolPolicy<AppContext> = ({ parsedArguments, context }): PolicyDecision => {
  if (!context.userId) return { type: 'deny', reason: 'no user' };
  const amount = (parsedArguments as { amount?: unknown }).amount;
  return typeof amount === 'number' && amount > 100
    ? { type: 'require_approval', reason: 'large refund' }
    : { type: 'allow' };
};

const audit: MemoryAuditLog = createMemoryAuditLog();
const approvals: ApprovalStore = createMemoryApprovalStore({ audit });
const authorizer: Authorizer<AppContext> = createAuthorizer<AppContext>({
  agent: 'support',
  policy,
  approvals,
  audit,
});

export async function flow(): Promise<string> {
  const outcome: CallOutcome<{ refunded: number }> = await authorizer.call(
    refund,
    '{"orderId":"o-1","amount":500}',
    { toolCallId: 'c1', context: { userId: 'u-1' } },
  );
  switch (outcome.status) {
    case 'executed':
      return String(outcome.result.refunded);
    case 'suspended': {
      const proposal: SuspendedToolProposal = outcome.proposal;
      await approvals.decide(proposal.proposalHash, { decision: 'approve', approver: 'alice' });
      return proposal.proposalHash;
    }
    case 'invalid': {
      const error: ToolArgumentsValidationError = outcome.error;
      return `${error.stage}/${error.code}`;
    }
    case 'denied':
      return outcome.reason;
    case 'failed':
      return String(outcome.error);
  }
}

export async function primitives(): Promise<boolean> {
  const value: JsonValue = parseStrictJson('{"b":1,"a":[true,null]}');
  const frozen: ReadonlyJsonValue = createSnapshot(value);
  const text: string = canonicalize(frozen);
  const hash: string = await computeProposalHash({
    agent: 'a',
    tool: 't',
    argsCanonicalJson: text,
  });
  const records: readonly AuditRecord[] = await audit.records();
  const verdict = await verifyAuditChain(records);
  return (
    verdict.ok && hash.length === 64 && ToolArgumentsValidationError.isInstance(null) === false
  );
}
