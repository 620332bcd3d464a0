import { type ApprovalRule, checkApprovalRule } from '../approvals/four-eyes.js';
import type { PolicyDecision, PolicyTrace } from './types.js';

type Approval = Extract<PolicyDecision, { type: 'require_approval' }>;

/** The four-eyes rule asking at least as much as both: `undefined` when the groups differ. */
function stricterRule(a: ApprovalRule, b: ApprovalRule): ApprovalRule | undefined {
  const x = checkApprovalRule(a);
  const y = checkApprovalRule(b);
  if (x.group !== undefined && y.group !== undefined && x.group !== y.group) return undefined;
  const group = x.group ?? y.group;
  return {
    required: Math.max(x.required, y.required),
    ...(group !== undefined ? { group } : {}),
    ...(x.excludeRequester || y.excludeRequester ? { excludeRequester: true } : {}),
  };
}

function withTrace<D extends PolicyDecision>(decision: D, trace: PolicyTrace[] | undefined): D {
  return trace === undefined ? decision : { ...decision, trace };
}

/** Both approvals in one: the first's reason, high risk if either, the stricter rule. */
function bothApprovals(a: Approval, b: Approval, trace: PolicyTrace[] | undefined): PolicyDecision {
  let approvals = a.approvals ?? b.approvals;
  if (a.approvals && b.approvals) {
    approvals = stricterRule(a.approvals, b.approvals);
    if (approvals === undefined)
      return withTrace({ type: 'deny', reason: 'approval_groups_conflict' }, trace);
  }
  return withTrace(
    {
      type: 'require_approval',
      reason: a.reason,
      ...(a.risk === 'high' || b.risk === 'high' ? { risk: 'high' as const } : {}),
      ...(approvals !== undefined ? { approvals } : {}),
    },
    trace,
  );
}

/**
 * The stricter of two valid decisions, both of which must allow for a call to run: deny >
 * require_approval > allow. A deny keeps its own reason; two approvals become one with the
 * first's reason, `risk: 'high'` if either asks for it and a four-eyes rule asking as much
 * as both (the higher `required`, `excludeRequester` if either, their one `group`; two
 * different groups cannot be asked of one approval, so they deny
 * `approval_groups_conflict`); two allows keep the first's reason. Traces are concatenated,
 * the first's entries first.
 */
export function stricterDecision(first: PolicyDecision, second: PolicyDecision): PolicyDecision {
  const trace =
    first.trace || second.trace ? [...(first.trace ?? []), ...(second.trace ?? [])] : undefined;
  if (first.type === 'deny') return withTrace(first, trace);
  if (second.type === 'deny') return withTrace(second, trace);
  if (first.type === 'require_approval' && second.type === 'require_approval')
    return bothApprovals(first, second, trace);
  if (first.type === 'require_approval') return withTrace(first, trace);
  if (second.type === 'require_approval') return withTrace(second, trace);
  return withTrace(first, trace);
}
