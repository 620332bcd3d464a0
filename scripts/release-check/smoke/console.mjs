// @argseal/console from npm: start the console (memory storage, port 0), an agent process
// talks to it through the HTTP approval store, a call pauses, the approver decides in the
// console's store, the agent resumes and executes exactly once.
import assert from 'node:assert/strict';
import { createConsoleApprovalStore, createConsoleAuditSink, startConsole } from '@argseal/console';
import { createAuthorizer, defineTool } from '@argseal/core';
import { z } from 'zod';

const agentToken = 'agent-token-0123456789ab';
const running = await startConsole({
  port: 0,
  storage: 'memory',
  tokens: { alice: 'approver-token-0123456789' },
  agentTokens: { bot: agentToken },
});
try {
  const executed = [];
  const refund = defineTool({
    name: 'refund',
    schema: z.object({ orderId: z.string(), amount: z.number().int() }),
    execute: async (input) => {
      executed.push(input);
      return { refunded: input.amount };
    },
  });
  const authorizer = createAuthorizer({
    agent: 'bot',
    approvals: createConsoleApprovalStore({ url: running.url, token: agentToken }),
    audit: createConsoleAuditSink({ url: running.url, token: agentToken }),
    policy: () => ({ type: 'require_approval', reason: 'every refund' }),
  });
  const first = await authorizer.call(refund, '{"orderId":"o-1","amount":12500}', {
    toolCallId: 'c1',
  });
  assert.equal(first.status, 'suspended');
  const [pending] = await running.store.listPending();
  assert.equal(pending.proposalHash, first.proposal.proposalHash);
  await running.store.decide(pending.proposalHash, { decision: 'approve', approver: 'alice' });
  const resumed = await authorizer.call(refund, '{"amount":12500,"orderId":"o-1"}', {
    toolCallId: 'c1',
  });
  assert.equal(resumed.status, 'executed');
  const replay = await authorizer.call(refund, '{"amount":12500,"orderId":"o-1"}', {
    toolCallId: 'c1',
  });
  assert.notEqual(replay.status, 'executed');
  assert.deepEqual(executed, [{ orderId: 'o-1', amount: 12500 }]);
  const page = await fetch(running.url);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-security-policy') ?? '', /default-src/);
  console.log(
    `console: ${running.url} served the page; approved in the console store, executed once`,
  );
} finally {
  await running.close();
}
