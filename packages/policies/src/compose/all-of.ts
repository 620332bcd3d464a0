import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import type { PolicyTrace } from '@argseal/core/data';
import { PolicyConfigError } from '../errors.js';
import { strictestExtras } from '../internal/approval-extras.js';
import { evaluate, ruleNameOf } from '../internal/decision.js';

/**
 * Every policy is asked, in order, and the strictest answer wins:
 * deny > require_approval > allow. The reason is the first deny's (or the first
 * approval's); the trace concatenates every child's trace in evaluation order, so the
 * first non-shadow entry with the final decision is the rule that decided.
 * A child that throws or returns garbage counts as a deny. At least one policy is required.
 * An approval keeps the strictest `risk` and four-eyes `approvals` of every child that asked
 * for one: high risk if any, the highest `required`, `excludeRequester` if any. Children that
 * name two different groups deny with `approval_groups_conflict` (no one rule can ask both).
 */
export function allOf<C = unknown>(...policies: ToolPolicy<C>[]): ToolPolicy<C> {
  if (policies.length === 0) {
    throw new PolicyConfigError('invalid_policy_options', 'allOf: expected at least one policy');
  }
  policies.forEach((p, i) => {
    if (typeof p !== 'function') {
      throw new PolicyConfigError(
        'invalid_policy_options',
        `allOf: policies[${i}] is not a function`,
      );
    }
  });
  const children = policies.map((p, i) => ({ policy: p, name: ruleNameOf(p, `allOf[${i}]`) }));
  return async function allOf(input) {
    const trace: PolicyTrace[] = [];
    let deny: PolicyDecision | undefined;
    const approvals: Extract<PolicyDecision, { type: 'require_approval' }>[] = [];
    for (const child of children) {
      const d = await evaluate(child.policy, input, child.name);
      trace.push(...d.trace);
      if (d.type === 'deny') deny ??= d;
      else if (d.type === 'require_approval') approvals.push(d);
    }
    if (deny) return { type: 'deny', reason: deny.reason!, trace };
    const first = approvals[0];
    if (first) {
      const extras = strictestExtras(approvals);
      if (extras === 'conflict') {
        trace.push({ rule: 'allOf', decision: 'deny', reason: 'approval_groups_conflict' });
        return { type: 'deny', reason: 'approval_groups_conflict', trace };
      }
      return { type: 'require_approval', reason: first.reason, trace, ...extras };
    }
    return { type: 'allow', trace };
  };
}
