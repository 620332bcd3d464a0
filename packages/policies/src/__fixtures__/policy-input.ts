import type { JsonValue, ToolPolicyInput } from '@argseal/core';

/** A ToolPolicyInput as the authorizer would build it, for unit tests of one policy. */
export function policyInput<C = unknown>(
  args: JsonValue,
  overrides: Partial<ToolPolicyInput<C>> = {},
): ToolPolicyInput<C> {
  const text = JSON.stringify(args);
  return {
    agent: 'agent-1',
    tool: 'tool-1',
    toolCallId: 'call-1',
    rawArguments: text,
    requestedArguments: JSON.parse(text) as JsonValue,
    parsedArguments: JSON.parse(text) as JsonValue,
    argsCanonicalJson: text,
    proposalHash: '0'.repeat(64),
    context: undefined as C,
    ...overrides,
  };
}
