import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import { allOf, egressPolicy, named } from '@argseal/policies';
import type { McpCallContext, McpRule, McpServerConfig } from './config-types.js';

const constant =
  (decision: PolicyDecision): ToolPolicy<McpCallContext> =>
  () => ({ ...decision });

const RULES = {
  allow: constant({ type: 'allow' }),
  deny: constant({ type: 'deny', reason: 'mcp_config_deny' }),
  require_approval: constant({ type: 'require_approval', reason: 'mcp_config_require_approval' }),
} as const;

const unknownTool = constant({ type: 'require_approval', reason: 'mcp_unknown_requires_approval' });

function ruleOf(rule: McpRule): ToolPolicy<McpCallContext> {
  return typeof rule === 'function' ? rule : RULES[rule];
}

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
): ToolPolicy<McpCallContext> {
  const a = annotations ?? {};
  const base =
    a.readOnlyHint === true
      ? RULES.allow
      : a.destructiveHint !== false
        ? constant({ type: 'require_approval', reason: 'mcp_destructive_hint' })
        : RULES.allow;
  if (a.openWorldHint !== true) return base;
  const paths = urlPaths(inputSchema);
  if (paths.length === 0) {
    return constant({ type: 'require_approval', reason: 'mcp_open_world_unchecked' });
  }
  return allOf(base, egressPolicy<McpCallContext>({ ...(server.egress ?? {}), paths }));
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
  const chosen =
    own !== undefined
      ? ruleOf(own)
      : server.policy !== undefined
        ? ruleOf(server.policy)
        : server.trusted === true
          ? fromAnnotations(server, tool.annotations, tool.inputSchema)
          : unknownTool;
  return named(`mcp:${serverName}/${tool.name}`, chosen);
}
