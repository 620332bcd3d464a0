import type { PolicyDecision, ToolPolicy } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import type { ApprovalRule } from '@argseal/core/store';
import { PolicyConfigError } from '../errors.js';
import { type ApprovalExtras, strictestExtras, validExtras } from '../internal/approval-extras.js';
import {
  invoke,
  isShadowPolicy,
  RULE_NAME,
  ruleNameOf,
  SHADOW,
  tag,
} from '../internal/decision.js';

/** Options of {@link withApprovals}: four eyes and risk for the wrapped policy's approvals. */
export interface WithApprovalsOptions extends ApprovalRule {
  /** `high`: the console asks the approver to confirm. */
  risk?: 'high';
}

/**
 * Four eyes for any policy: every `require_approval` the wrapped policy decides also carries
 * `approvals` (`required` distinct approvers, from `group`, the requester barred when
 * `excludeRequester`) and `risk`, combined with what the policy asked itself (strictest wins,
 * as in {@link allOf}; two different groups deny with `approval_groups_conflict`). Allow and
 * deny pass unchanged; a throw or a malformed decision denies (`policy_error`,
 * `invalid_policy_decision`). Bad options throw `invalid_policy_options` at construction.
 */
export function withApprovals<C = unknown>(
  policy: ToolPolicy<C>,
  options: WithApprovalsOptions,
): ToolPolicy<C> {
  assertKnownOptions('withApprovals', options, ['required', 'group', 'excludeRequester', 'risk']);
  if (typeof policy !== 'function')
    throw new PolicyConfigError(
      'invalid_policy_options',
      'withApprovals: policy must be a function',
    );
  const { risk, ...rule } = (options ?? {}) as WithApprovalsOptions;
  const extras: ApprovalExtras = { ...(risk ? { risk } : {}), approvals: rule };
  if (typeof options !== 'object' || options === null || !validExtras(extras))
    throw new PolicyConfigError(
      'invalid_policy_options',
      'withApprovals: expected { required?: 1-10, group?: name, excludeRequester?: boolean, risk?: "high" }',
    );
  const name = ruleNameOf(policy, 'withApprovals');
  const wrapped: ToolPolicy<C> = async (input) => {
    const r = await invoke(policy, input);
    if (!r.ok)
      return {
        type: 'deny',
        reason: r.reason,
        trace: [{ rule: name, decision: 'deny', reason: r.reason }],
      };
    const d = r.decision;
    if (d.type !== 'require_approval') return d;
    const merged = strictestExtras([d, { type: 'require_approval', reason: d.reason, ...extras }]);
    if (merged === 'conflict') {
      const trace = [
        ...(d.trace ?? []),
        { rule: name, decision: 'deny' as const, reason: 'approval_groups_conflict' },
      ];
      return { type: 'deny', reason: 'approval_groups_conflict', trace };
    }
    const { risk: _r, approvals: _a, ...rest } = d;
    return { ...rest, ...merged } as PolicyDecision;
  };
  tag(wrapped, RULE_NAME, name);
  if (isShadowPolicy(policy)) tag(wrapped, SHADOW, true);
  return wrapped;
}
