// @argseal/policy-cedar from npm (@cedar-policy/cedar-wasm resolved by npm, on this Node):
// a permit runs the tool, an @approval permit suspends with the four-eyes rule, a forbid
// denies, a fraction is refused at the boundary, and a bad policy fails at setup.
import assert from 'node:assert/strict';
import { createAuthorizer, createMemoryApprovalStore, defineTool } from '@argseal/core';
import { CedarPolicyError, cedarPolicy } from '@argseal/policy-cedar';
import { z } from 'zod';

const schema = `entity Agent; entity Tool;
action pay appliesTo { principal: Agent, resource: Tool,
  context: { args: { amount: Long }, server: {} } };`;
const policies = `@id("small") permit (principal, action == Action::"pay", resource) when { context.args.amount <= 100 };
@id("big") @approval("finance") @approvals("2") permit (principal, action == Action::"pay", resource) when { context.args.amount > 100 };
@id("cap") forbid (principal, action == Action::"pay", resource) when { context.args.amount > 1000 };`;

const paid = [];
const pay = defineTool({
  name: 'pay',
  schema: z.object({ amount: z.number() }),
  execute: ({ amount }) => paid.push(amount),
});
const approvals = createMemoryApprovalStore();
const authorizer = createAuthorizer({
  agent: 'smoke',
  approvals,
  policy: cedarPolicy({ policies, schema }),
});

assert.equal((await authorizer.call(pay, '{"amount":50}')).status, 'executed');
const big = await authorizer.call(pay, '{"amount":500}');
assert.equal(big.status, 'suspended');
assert.equal(big.proposal.reason, 'cedar_approval:big');
assert.deepEqual((await approvals.listProposals())[0].approvals, {
  required: 2,
  group: 'finance',
  received: [],
});
const capped = await authorizer.call(pay, '{"amount":5000}');
assert.deepEqual([capped.status, capped.reason], ['denied', 'cedar_forbid:cap']);
const fraction = await authorizer.call(pay, '{"amount":10.5}');
assert.deepEqual([fraction.status, fraction.reason], ['denied', 'cedar_non_integer_number']);
assert.deepEqual(paid, [50]);

assert.throws(
  () =>
    cedarPolicy({
      schema,
      policies: '@id("t") permit (principal, action, resource) when { context.args.amout > 1 };',
    }),
  (e) =>
    CedarPolicyError.isInstance(e) && e.code === 'cedar_validation_error' && e.policyId === 't',
);
console.log('policy-cedar smoke: ok');
