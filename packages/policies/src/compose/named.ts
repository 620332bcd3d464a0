import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import type { PolicyTrace } from '@argseal/core/data';
import { PolicyConfigError } from '../errors.js';
import { decide, invoke, isShadowPolicy, RULE_NAME, SHADOW, tag } from '../internal/decision.js';

/**
 * Gives a policy a rule name for decision traces. A policy without its own trace is
 * recorded as one entry `{ rule: name }`; a policy that traces itself (a built-in
 * policy or a composition) has each entry prefixed: `name/moneyLimit`.
 * Throwing or a malformed decision denies (`policy_error`, `invalid_policy_decision`).
 */
export function named<C = unknown>(name: string, policy: ToolPolicy<C>): ToolPolicy<C> {
  if (typeof name !== 'string' || name === '') {
    throw new PolicyConfigError('invalid_policy_options', 'named: name must be a non-empty string');
  }
  if (typeof policy !== 'function') {
    throw new PolicyConfigError('invalid_policy_options', 'named: policy must be a function');
  }
  const wrapped: ToolPolicy<C> = async (input) => {
    const r = await invoke(policy, input);
    if (!r.ok) return decide(name, 'deny', r.reason);
    const d = r.decision;
    const trace: PolicyTrace[] = r.ownTrace
      ? d.trace!.map((e) => ({ ...e, rule: `${name}/${e.rule}` }))
      : [
          d.reason === undefined
            ? { rule: name, decision: d.type }
            : { rule: name, decision: d.type, reason: d.reason },
        ];
    return { ...d, trace } as PolicyDecision;
  };
  tag(wrapped, RULE_NAME, name);
  if (isShadowPolicy(policy)) tag(wrapped, SHADOW, true);
  return wrapped;
}
