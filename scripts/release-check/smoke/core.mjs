// @argseal/core from npm: seal a tool, pause for approval, approve in the store, resume,
// execute exactly once; a tampered resume and a replay never execute; audit chain verifies.
import assert from 'node:assert/strict';
import { ToolArgumentsValidationError } from '@argseal/core';
import { parseStrictJson } from '@argseal/core/data';
import { verifyAuditChain } from '@argseal/core/store';
import { refundWorld } from './lib/refund-world.mjs';

const { executed, refund, audit, approvals, authorizer } = refundWorld();

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
