import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import type { PolicyTrace } from '@argseal/core/data';
import { allOf, egressPolicy, named } from '@argseal/policies';
import type { McpCallContext, McpRule, McpServerConfig } from '../config/config-types.js';

/** A config rule that always decides the same: a decision, not yet traced under a name. */
type Fixed = { fixed: PolicyDecision };
type Rule = Fixed | ToolPolicy<McpCallContext>;

const RULES = {
  allow: { fixed: { type: 'allow' } },
  deny: { fixed: { type: 'deny', reason: 'mcp_config_deny' } },
  require_approval: {
    fixed: { type: 'require_approval', reason: 'mcp_config_require_approval' },
  },
} as const satisfies Record<string, Fixed>;

const unknownTool: Fixed = {
  fixed: { type: 'require_approval', reason: 'mcp_unknown_requires_approval' },
};

function ruleOf(rule: McpRule): Rule {
  return typeof rule === 'function' ? rule : RULES[rule];
}

/** What `named` of @argseal/policies tags a policy with (its rule name in traces). */
const RULE_NAME = Symbol.for('argseal.policies.rule-name');

/**
 * `named(name, rule)` of @argseal/policies for a fixed decision, decided synchronously:
 * the same decision and trace (`{ rule: name, decision, reason }`), without the promise
 * and the policy-result checks `named` spends on an arbitrary policy function per call.
 */
function namedFixed(name: string, { fixed }: Fixed): ToolPolicy<McpCallContext> {
  const entry: PolicyTrace =
    fixed.reason === undefined
      ? { rule: name, decision: fixed.type }
      : { rule: name, decision: fixed.type, reason: fixed.reason };
  const policy: ToolPolicy<McpCallContext> = () => ({ ...fixed, trace: [{ ...entry }] });
  Object.defineProperty(policy, RULE_NAME, { value: name, enumerable: false });
  return policy;
}

const asPolicy = (rule: Rule): ToolPolicy<McpCallContext> =>
  typeof rule === 'function' ? rule : () => ({ ...rule.fixed });

/** Top-level string properties of an input schema that hold URLs (format uri/url or a url-ish name). */
function urlPaths(inputSchema: unknown): string[] {
  const props = (
    inputSchema as { properties?: Record<string, { type?: unknown; format?: unknown }> }
  )?.properties;
  if (typeof props !== 'object' || props === null) return [];
  return Object.entries(props)
    .filter(
      ([key, p]) =>
        p?.format === 'uri' || p?.format === 'url' || /^(url|uri|href|endpoint)$/i.test(key),
    )
    .map(([key]) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
}

function fromAnnotations(
  server: McpServerConfig,
  annotations: Record<string, unknown> | undefined,
  inputSchema: unknown,
): Rule {
  const a = annotations ?? {};
  const base =
    a.readOnlyHint === true
      ? RULES.allow
      : a.destructiveHint !== false
        ? ({ fixed: { type: 'require_approval', reason: 'mcp_destructive_hint' } } as Fixed)
        : RULES.allow;
  if (a.openWorldHint !== true) return base;
  const paths = urlPaths(inputSchema);
  if (paths.length === 0) {
    return { fixed: { type: 'require_approval', reason: 'mcp_open_world_unchecked' } };
  }
  return allOf(asPolicy(base), egressPolicy<McpCallContext>({ ...(server.egress ?? {}), paths }));
}

/**
 * The policy of one upstream tool: its own rule in `tools`, else the server's `policy`,
 * else (trusted servers only) defaults from its annotations, else require approval.
 */
export function policyForTool(
  serverName: string,
  server: McpServerConfig,
  tool: { name: string; annotations?: Record<string, unknown>; inputSchema?: unknown },
): ToolPolicy<McpCallContext> {
  const own = server.tools?.[tool.name];
  const chosen: Rule =
    own !== undefined
      ? ruleOf(own)
      : server.policy !== undefined
        ? ruleOf(server.policy)
        : server.trusted === true
          ? fromAnnotations(server, tool.annotations, tool.inputSchema)
          : unknownTool;
  const name = `mcp:${serverName}/${tool.name}`;
  return typeof chosen === 'function' ? named(name, chosen) : namedFixed(name, chosen);
}
