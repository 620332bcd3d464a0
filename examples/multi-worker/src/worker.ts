// One worker process: runs the scripted model's refund call through argseal and prints
// one JSON line with the outcome. Usage: tsx src/worker.ts <worker-name>
import { createAuthorizer } from '@argseal/core';
import { createSqlApprovalStore, createSqlAuditLog } from '@argseal/postgres';
import { openDatabase } from './database.js';
import { APPROVAL_THRESHOLD, refundTool, SCRIPTED_TOOL_CALL } from './refund-tool.js';

const worker = process.argv[2] ?? 'worker';
const { db, close } = await openDatabase();
try {
  const audit = createSqlAuditLog(db);
  const authorizer = createAuthorizer({
    agent: 'support-agent',
    approvals: createSqlApprovalStore(db, { audit }),
    audit,
    policy: ({ parsedArguments }) => {
      const amount = (parsedArguments as { amount: number }).amount;
      return amount > APPROVAL_THRESHOLD
        ? { type: 'require_approval', reason: `refund above ${APPROVAL_THRESHOLD}` }
        : { type: 'allow' };
    },
  });
  const outcome = await authorizer.call(refundTool(db, worker), SCRIPTED_TOOL_CALL.arguments, {
    toolCallId: SCRIPTED_TOOL_CALL.toolCallId,
  });
  const line: Record<string, unknown> = { worker, status: outcome.status, pid: process.pid };
  if (outcome.status === 'suspended') line.proposalHash = outcome.proposal.proposalHash;
  if (outcome.status === 'executed') line.result = outcome.result;
  if (outcome.status === 'denied') line.reason = outcome.reason;
  process.stdout.write(`${JSON.stringify(line)}\n`);
} finally {
  await close();
}
