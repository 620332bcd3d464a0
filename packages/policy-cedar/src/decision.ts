import type { PolicyDecision } from '@argseal/core';
import type { AuthorizationAnswer } from '@cedar-policy/cedar-wasm/nodejs';
import type { CompiledPolicySet } from './compile.js';

/** Stable reason codes of a Cedar decision; the ids of the deciding policies follow a `:`. */
export type CedarReason =
  | 'cedar_permit'
  | 'cedar_approval'
  | 'cedar_forbid'
  | 'cedar_no_permit'
  | 'cedar_policy_error'
  | 'cedar_request_invalid'
  | 'cedar_evaluation_error'
  | 'cedar_approval_groups_conflict'
  | 'cedar_null_value'
  | 'cedar_non_integer_number'
  | 'cedar_unsafe_integer'
  | 'cedar_reserved_key'
  | 'cedar_duplicate_set_element'
  | 'cedar_invalid_value'
  | 'cedar_context_unavailable'
  | 'cedar_entities_unavailable'
  | 'cedar_resource_unavailable';

/** A decision whose trace names `rule`. `ids` (Cedar policy ids) follow the reason after `:`. */
export function cedarDecision(
  rule: string,
  type: PolicyDecision['type'],
  code: CedarReason,
  ids: readonly string[] = [],
): PolicyDecision {
  const reason = ids.length > 0 ? `${code}:${[...ids].sort().join(',')}` : code;
  return { type, reason, trace: [{ rule, decision: type, reason }] } as PolicyDecision;
}

/**
 * Turns Cedar's two answers into argseal's three. Closed: a failed request, or any policy that
 * errored while evaluating (Cedar skips such a policy, which could drop a forbid), denies.
 * Deny with forbids names them; deny without is `cedar_no_permit`. Allow names the permits;
 * when any of them carries `@approval`, the call needs approval with the strictest four-eyes
 * rule of them (most approvers, one group: two different groups deny).
 */
export function toDecision(
  rule: string,
  answer: AuthorizationAnswer,
  set: CompiledPolicySet,
): PolicyDecision {
  if (answer.type === 'failure') return cedarDecision(rule, 'deny', 'cedar_request_invalid');
  const { decision, diagnostics } = answer.response;
  if (diagnostics.errors.length > 0) {
    const ids = [...new Set(diagnostics.errors.map((e) => e.policyId))];
    return cedarDecision(rule, 'deny', 'cedar_policy_error', ids);
  }
  const ids = diagnostics.reason;
  if (decision === 'deny') {
    return ids.length === 0
      ? cedarDecision(rule, 'deny', 'cedar_no_permit')
      : cedarDecision(rule, 'deny', 'cedar_forbid', ids);
  }
  const approving = ids.filter((id) => set.policies.get(id)?.approval !== undefined);
  if (approving.length === 0) return cedarDecision(rule, 'allow', 'cedar_permit', ids);
  let required = 1;
  let group: string | undefined;
  let excludeRequester = false;
  for (const id of approving) {
    const a = set.policies.get(id)!.approval!;
    required = Math.max(required, a.required);
    if (a.group !== undefined) {
      if (group !== undefined && group !== a.group) {
        return cedarDecision(rule, 'deny', 'cedar_approval_groups_conflict', approving);
      }
      group = a.group;
    }
    if (a.excludeRequester) excludeRequester = true;
  }
  const base = cedarDecision(rule, 'require_approval', 'cedar_approval', approving);
  if (required === 1 && group === undefined && !excludeRequester) return base;
  return {
    ...base,
    approvals: {
      required,
      ...(group !== undefined ? { group } : {}),
      ...(excludeRequester ? { excludeRequester } : {}),
    },
  } as PolicyDecision;
}
