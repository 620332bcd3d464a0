import type { PolicyDecision, ToolPolicyInput } from '@argseal/core';
import { named } from '@argseal/policies';
import { describe, expect, it } from 'vitest';
import type { McpCallContext, McpServerConfig } from '../config/config-types.js';
import { policyForTool } from './policy-rules.js';

const input = {
  agent: 'mcp',
  tool: 'fs/read',
  toolCallId: 'mcp-1',
  rawArguments: '{}',
  requestedArguments: {},
  parsedArguments: {},
  argsCanonicalJson: '{}',
  proposalHash: 'a'.repeat(64),
  context: { server: 'fs', tool: 'read', annotations: undefined, client: undefined },
} satisfies ToolPolicyInput<McpCallContext>;

/** What `named` of @argseal/policies decides for a policy that always returns `decision`. */
const viaNamed = (name: string, decision: PolicyDecision) =>
  named<McpCallContext>(name, () => ({ ...decision }))(input);

describe('policyForTool: config rules decide what named(rule) decides, trace included', () => {
  const cases: [
    string,
    McpServerConfig,
    { annotations?: Record<string, unknown> },
    PolicyDecision,
  ][] = [
    ['tool rule allow', { tools: { read: 'allow' } }, {}, { type: 'allow' }],
    [
      'tool rule deny',
      { tools: { read: 'deny' } },
      {},
      { type: 'deny', reason: 'mcp_config_deny' },
    ],
    [
      'server rule require_approval',
      { policy: 'require_approval' },
      {},
      { type: 'require_approval', reason: 'mcp_config_require_approval' },
    ],
    [
      'untrusted, no rule',
      {},
      { annotations: { readOnlyHint: true } },
      { type: 'require_approval', reason: 'mcp_unknown_requires_approval' },
    ],
    [
      'trusted read-only',
      { trusted: true },
      { annotations: { readOnlyHint: true } },
      { type: 'allow' },
    ],
    [
      'trusted, destructive by default',
      { trusted: true },
      {},
      { type: 'require_approval', reason: 'mcp_destructive_hint' },
    ],
    [
      'trusted open world without a URL field',
      { trusted: true },
      { annotations: { readOnlyHint: true, openWorldHint: true } },
      { type: 'require_approval', reason: 'mcp_open_world_unchecked' },
    ],
  ];
  for (const [label, server, tool, decision] of cases) {
    it(label, async () => {
      const got = await policyForTool('fs', server, { name: 'read', ...tool })(input);
      expect(got).toEqual(await viaNamed('mcp:fs/read', decision));
    });
  }

  it('each call gets its own decision object (a policy reader cannot change the next one)', async () => {
    const policy = policyForTool('fs', { tools: { read: 'allow' } }, { name: 'read' });
    const first = (await policy(input)) as PolicyDecision & { trace: { rule: string }[] };
    first.trace[0]!.rule = 'changed';
    expect(await policy(input)).toEqual({
      type: 'allow',
      trace: [{ rule: 'mcp:fs/read', decision: 'allow' }],
    });
  });

  it('a policy function from the config still goes through named (a throw denies)', async () => {
    const policy = policyForTool(
      'fs',
      {
        tools: {
          read: () => {
            throw new Error('boom');
          },
        },
      },
      { name: 'read' },
    );
    expect(await policy(input)).toMatchObject({ type: 'deny', reason: 'policy_error' });
  });
});
