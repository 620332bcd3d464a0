import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import { PolicyConfigError } from '../errors.js';
import { evaluate, RULE_NAME, ruleNameOf, SHADOW, tag } from '../internal/decision.js';

/**
 * Trials a policy without letting it block. The wrapped policy runs on every call and
 * what it would have decided is recorded in the trace with `shadow: true`; the shadow
 * itself always answers `allow`, so inside {@link allOf} it never changes the outcome and
 * inside {@link firstMatch} it never stops the search. A throw or a malformed decision
 * is recorded as a shadow `deny` (`policy_error`, `invalid_policy_decision`).
 */
export function shadow<C = unknown>(
  policy: ToolPolicy<C>,
  options: { name?: string } = {},
): ToolPolicy<C> {
  assertKnownOptions('shadow', options, ['name']);
  if (typeof policy !== 'function') {
    throw new PolicyConfigError('invalid_policy_options', 'shadow: policy must be a function');
  }
  const name = options.name ?? ruleNameOf(policy, 'shadow');
  const wrapped: ToolPolicy<C> = async (input) => {
    const d = await evaluate(policy, input, name);
    const decision: PolicyDecision = {
      type: 'allow',
      trace: d.trace.map((e) => ({ ...e, shadow: true })),
    };
    return decision;
  };
  tag(wrapped, SHADOW, true);
  tag(wrapped, RULE_NAME, name);
  return wrapped;
}
