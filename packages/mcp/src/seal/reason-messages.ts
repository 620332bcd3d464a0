import { CORE_REASON_MESSAGES, type ReasonMessages, reasonMessage } from '@argseal/core/data';
import { POLICY_REASON_MESSAGES } from '@argseal/policies';

/**
 * A sentence for every reason the proxy's own rules decide with (`mcp_*`), for refusal
 * texts, `argseal approve` and the console (`createConsoleServer({ reasonMessages })`).
 */
export const MCP_REASON_MESSAGES: ReasonMessages = Object.freeze({
  mcp_config_deny: 'The proxy config denies this tool.',
  mcp_config_require_approval: 'The proxy config requires an approval for every call of this tool.',
  mcp_unknown_requires_approval:
    'No rule in the proxy config covers this tool and its server is not trusted, so every call needs an approval.',
  mcp_destructive_hint:
    'The server marks this tool as possibly destructive (destructiveHint), so every call needs an approval.',
  mcp_open_world_unchecked:
    'The tool reaches outside (openWorldHint) but has no URL argument the egress check can read, so every call needs an approval.',
});

const TABLES = [MCP_REASON_MESSAGES, POLICY_REASON_MESSAGES, CORE_REASON_MESSAGES];

/** The sentence for a policy reason code (proxy, `@argseal/policies` or core), or undefined. */
export function describeReason(reason: string): string | undefined {
  return reasonMessage(reason, TABLES);
}
