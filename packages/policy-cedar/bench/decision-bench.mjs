// @argseal/policy-cedar benchmark: one Cedar decision per call (pre-parsed policies and schema,
// the request validated, the snapshot mapped to Cedar values, one call into Cedar's WASM)
// against the equivalent TypeScript policy from @argseal/policies, as a ratio from the same
// run (medians of interleaved rounds). Needs the built packages:
// `pnpm turbo run build --filter=@argseal/policy-cedar...`.
// Run: node --expose-gc packages/policy-cedar/bench/decision-bench.mjs   (or `pnpm bench`)
import { canonicalize, createSnapshot, parseStrictJson } from '@argseal/core/data';
import { idsFromServerList, moneyLimit, withApprovals } from '@argseal/policies';
import { cedarPolicy } from '@argseal/policy-cedar';
import { compare, fmtNs } from '../../../bench/harness.mjs';

const schema = `entity Agent; entity Tool;
action pay appliesTo { principal: Agent, resource: Tool,
  context: { args: { amount?: Long, currency?: String, memo?: String }, server: {} } };
action get_invoice appliesTo { principal: Agent, resource: Tool,
  context: { args: { invoiceId?: String }, server: { invoiceIds?: Set<String> } } };`;
const policies = `@id("money-usd") permit (principal, action == Action::"pay", resource)
when { context.args has amount && context.args has currency &&
  context.args.currency == "USD" && context.args.amount >= 0 && context.args.amount <= 10000 };
@id("money-usd-approval") @approval("finance") permit (principal, action == Action::"pay", resource)
when { context.args has amount && context.args has currency &&
  context.args.currency == "USD" && context.args.amount > 10000 };
@id("money-ceiling") forbid (principal, action == Action::"pay", resource)
when { context.args has amount && context.args has currency &&
  context.args.currency == "USD" && context.args.amount > 100000 };
@id("invoice-listed") permit (principal, action == Action::"get_invoice", resource)
when { context.args has invoiceId && context.server has invoiceIds &&
  context.server.invoiceIds.contains(context.args.invoiceId) };`;

const invoiceIds = Array.from({ length: 50 }, (_, i) => `inv_${i}`);
const cedar = cedarPolicy({ policies, schema, context: (ctx) => ctx });
const typescript = {
  pay: withApprovals(moneyLimit({ limits: { USD: { ceiling: 100000, approvalAbove: 10000 } } }), {
    group: 'finance',
  }),
  get_invoice: idsFromServerList({ paths: ['/invoiceId'], list: (ctx) => ctx.invoiceIds }),
};

function input(tool, text, context) {
  const value = createSnapshot(parseStrictJson(text));
  const argsCanonicalJson = canonicalize(value);
  return {
    agent: 'bench',
    tool,
    toolCallId: 'c1',
    rawArguments: text,
    requestedArguments: value,
    parsedArguments: value,
    argsCanonicalJson,
    proposalHash: '0'.repeat(64),
    context,
  };
}

const cases = {
  'money: allow': input('pay', '{"amount":500,"currency":"USD","memo":"rent"}', {}),
  'money: approval': input('pay', '{"amount":50000,"currency":"USD","memo":"rent"}', {}),
  'money: forbid': input('pay', '{"amount":500000,"currency":"USD","memo":"rent"}', {}),
  'ids: 50 listed': input('get_invoice', '{"invoiceId":"inv_42"}', { invoiceIds }),
};

// warm up: Cedar's WASM is compiled in tiers (baseline first, optimized later, in the
// background); time it once the optimized code runs
for (let i = 0; i < 3000; i++) for (const call of Object.values(cases)) await cedar(call);

console.log('| decision per call | TypeScript | Cedar (WASM) | ratio Cedar / TypeScript |');
console.log('| --- | --- | --- | --- |');
for (const [name, call] of Object.entries(cases)) {
  const ts = typescript[call.tool];
  const [a, b] = [await ts(call), await cedar(call)];
  if (a.type !== b.type) throw new Error(`${name}: TypeScript ${a.type}, Cedar ${b.type}`);
  const r = await compare(
    { typescript: () => ts(call), cedar: () => cedar(call) },
    { async: true, rounds: 7, sampleMs: 40 },
  );
  console.log(
    `| ${name} (${b.type}) | ${fmtNs(r.typescript)} | ${fmtNs(r.cedar)} | ${(r.cedar / r.typescript).toFixed(1)}x |`,
  );
}
