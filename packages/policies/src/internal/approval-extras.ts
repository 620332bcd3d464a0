import type { PolicyDecision } from '@argseal/core';
import { type ApprovalRule, checkApprovalRule } from '@argseal/core/store';

type Approval = Extract<PolicyDecision, { type: 'require_approval' }>;

/** What a `require_approval` decision carries beyond its reason: `risk` and four eyes. */
export interface ApprovalExtras {
  risk?: 'high';
  approvals?: ApprovalRule;
}

/** True when `risk` and `approvals` of a decision are well formed (or absent). */
export function validExtras(value: { risk?: unknown; approvals?: unknown }): boolean {
  if (value.risk !== undefined && value.risk !== 'high') return false;
  if (value.approvals === undefined) return true;
  try {
    checkApprovalRule(value.approvals);
    return true;
  } catch {
    return false;
  }
}

/** The extras of one decision, as fresh objects (undefined fields omitted). */
export function extrasOf(d: ApprovalExtras): ApprovalExtras {
  return {
    ...(d.risk === 'high' ? { risk: 'high' as const } : {}),
    ...(d.approvals ? { approvals: { ...d.approvals } } : {}),
  };
}

/**
 * The strictest combination of several approval decisions' extras: `risk: 'high'` if any says
 * so; approvals with the highest `required`, `excludeRequester` if any asks for it, and the
 * one `group` they name. Two different groups cannot both be required of one approver, so
 * they are a conflict (the caller denies: `approval_groups_conflict`).
 */
export function strictestExtras(decisions: readonly Approval[]): ApprovalExtras | 'conflict' {
  let risk = false;
  let rule: (ApprovalRule & { required: number }) | undefined;
  for (const d of decisions) {
    if (d.risk === 'high') risk = true;
    if (!d.approvals) continue;
    const next = checkApprovalRule(d.approvals);
    if (!rule) {
      rule = next;
      continue;
    }
    if (rule.group !== undefined && next.group !== undefined && rule.group !== next.group)
      return 'conflict';
    rule = {
      required: Math.max(rule.required, next.required),
      ...((rule.group ?? next.group) !== undefined ? { group: (rule.group ?? next.group)! } : {}),
      ...(rule.excludeRequester || next.excludeRequester ? { excludeRequester: true } : {}),
    };
  }
  return { ...(risk ? { risk: 'high' as const } : {}), ...(rule ? { approvals: rule } : {}) };
}
