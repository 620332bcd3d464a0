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
