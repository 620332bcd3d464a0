import { readFileSync } from 'node:fs';
import { idsFromServerList } from '@argseal/policies';
import { POLICY_CORPUS } from '@argseal/test-kit/policy-corpus';
import { describe, expect, it } from 'vitest';
import {
  inputFor,
  SCENARIO_POLICIES,
  SCENARIO_SCHEMA,
  typescriptScenarios,
} from './__fixtures__/scenarios.js';
import { cedarPolicy } from './index.js';

type Ctx = Record<string, unknown>;

const ts = typescriptScenarios();
const withSchema = cedarPolicy<Ctx>({
  policies: SCENARIO_POLICIES,
  schema: SCENARIO_SCHEMA,
  context: (ctx) => ctx as never,
});
const withoutSchema = cedarPolicy<Ctx>({
  policies: SCENARIO_POLICIES,
  context: (ctx) => ctx as never,
});

describe('shared decision corpus: Cedar agrees with @argseal/policies', () => {
  it.each(POLICY_CORPUS)('$scenario: $name', async (c) => {
    const input = await inputFor(c.tool, c.args, c.context);
    const expected = await ts(input);
    expect(expected.type).toBe(c.expect);
    for (const policy of [withSchema, withoutSchema]) {
      const got = await policy(await inputFor(c.tool, c.args, c.context));
      expect(got.type).toBe(expected.type);
      const approvals = (d: typeof got) =>
        d.type === 'require_approval' ? d.approvals : undefined;
      expect(approvals(got)).toEqual(approvals(expected));
    }
  });

  it('covers all four scenarios and all three outcomes', () => {
    expect(new Set(POLICY_CORPUS.map((c) => c.scenario))).toEqual(
      new Set(['money', 'ids', 'egress', 'scope']),
    );
    expect(new Set(POLICY_CORPUS.map((c) => c.expect))).toEqual(
      new Set(['allow', 'deny', 'require_approval']),
    );
  });
});

describe('where Cedar is the stricter (the README lists these)', () => {
  it.each([
    ['fetch_url', '{"url":"HTTPS://API.EXAMPLE.COM/v1"}', {}],
    ['fetch_url', '{"url":"https://api.example.com:443/v1"}', {}],
    ['fetch_url', '{"url":"https://api.example.com?x=1"}', {}],
    ['get_invoice', '{"invoiceId":["inv_1","inv_1"]}', { invoiceIds: ['inv_1'] }],
    ['pay', '{"amount":5,"currency":"USD","memo":"x"}', {}],
  ])('%s %s: TypeScript allows, Cedar denies', async (tool, args, context) => {
    const cedarIds = cedarPolicy<Ctx>({
      policies: `${SCENARIO_POLICIES}\n@id("invoice-all") permit (principal, action == Action::"get_invoice", resource)
when { context.server has invoiceIds && context.server.invoiceIds.containsAll(context.args.invoiceId) };`,
      context: (ctx) => ctx as never,
    });
    const policies = tool === 'get_invoice' ? [cedarIds] : [withSchema];
    const tsPolicy =
      tool === 'get_invoice'
        ? idsFromServerList<Ctx>({
            paths: ['/invoiceId/*'],
            list: (ctx) => ctx.invoiceIds as string[],
          })
        : ts;
    expect((await tsPolicy(await inputFor(tool, args, context))).type).toBe('allow');
    for (const p of policies)
      expect((await p(await inputFor(tool, args, context))).type).toBe('deny');
  });
});

describe('the README shows the scenarios the tests run', () => {
  it('its cedar blocks are the schema and the policies of the corpus', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const blocks = [...readme.matchAll(/```cedar\n([\s\S]*?)```/gu)].map((m) => m[1]);
    expect(blocks).toContain(SCENARIO_SCHEMA);
    expect(blocks).toContain(SCENARIO_POLICIES);
  });
});
