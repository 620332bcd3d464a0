// Loads the built package the way an application does and decides three calls; prints JSON.
import { cedarPolicy } from '@argseal/policy-cedar';

const policy = cedarPolicy({
  policies: `@id("small") permit(principal, action == Action::"pay", resource) when { context.args.amount <= 10 };
@id("big") @approval("finance") permit(principal, action == Action::"pay", resource) when { context.args.amount > 10 };
@id("cap") forbid(principal, action, resource) when { context.args.amount > 100 };`,
  schema: `entity Agent; entity Tool;
action pay appliesTo { principal: Agent, resource: Tool, context: { args: { amount: Long }, server: {} } };`,
});
const input = (amount) => ({
  agent: 'a',
  tool: 'pay',
  toolCallId: 'c',
  rawArguments: undefined,
  requestedArguments: { amount },
  parsedArguments: { amount },
  argsCanonicalJson: JSON.stringify({ amount }),
  proposalHash: '0'.repeat(64),
  context: {},
});
const out = [];
for (const amount of [5, 50, 500]) out.push((await policy(input(amount))).reason);
process.stdout.write(JSON.stringify(out));
