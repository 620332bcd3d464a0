// @argseal/core from npm: seal a tool, pause for approval, approve in the store, resume,
// execute exactly once; a tampered resume and a replay never execute; audit chain verifies.
import assert from 'node:assert/strict';
import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  parseStrictJson,
  ToolArgumentsValidationError,
  verifyAuditChain,
} from '@argseal/core';
import { z } from 'zod';

const executed = [];
const refund = defineTool({
  name: 'refund',
  description: 'Refund an order, amount in minor units',
  schema: z.object({ orderId: z.string(), amount: z.number().int() }),
  execute: async (input) => {
    executed.push(input);
    return { refunded: input.amount };
  },
});
const audit = createMemoryAuditLog();
const approvals = createMemoryApprovalStore({ audit });
const authorizer = createAuthorizer({
  agent: 'support',
  approvals,
  audit,
  policy: ({ parsedArguments }) =>
    parsedArguments.amount > 10_000
      ? { type: 'require_approval', reason: 'refund above 100.00' }
      : { type: 'allow' },
});

const first = await authorizer.call(refund, '{"orderId":"o-1","amount":12500}', {
  toolCallId: 'c1',
});
assert.equal(first.status, 'suspended');
assert.equal(executed.length, 0);
assert.match(first.proposal.proposalHash, /^[0-9a-f]{64}$/);

await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'alice' });

const tampered = await authorizer.call(refund, '{"orderId":"o-1","amount":99999}', {
  toolCallId: 'c1',
});
assert.equal(tampered.status, 'suspended', 'a changed amount is a new proposal');
assert.equal(executed.length, 0);

const resumed = await authorizer.call(refund, '{ "amount": 12500, "orderId": "o-1" }', {
  toolCallId: 'c1',
});
assert.equal(resumed.status, 'executed');
assert.deepEqual(resumed.result, { refunded: 12500 });
assert.deepEqual(executed, [{ orderId: 'o-1', amount: 12500 }]);

const replay = await authorizer.call(refund, '{"orderId":"o-1","amount":12500}', {
  toolCallId: 'c1',
});
assert.equal(replay.status, 'suspended', 'the grant is single-use');
assert.equal(executed.length, 1);

assert.throws(
  () => parseStrictJson('{"amount":1,"amount":2}'),
  (e) => ToolArgumentsValidationError.isInstance(e) && e.code === 'duplicate_key',
);
const chain = await verifyAuditChain(await audit.records());
assert.equal(chain.ok, true);
console.log(
  `core: paused, approved, executed once; ${(await audit.records()).length} audit records verified`,
);
