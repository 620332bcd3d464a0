// Four eyes: how many distinct approvals a call has and needs, from the stored proposal.

/** `{ required, approvers, group, excludeRequester }` or undefined when one approval is enough. */
export function progressOf(p) {
  const rule = p.approvals ?? p.approvalRule;
  const progress = p.approvalProgress;
  const required = progress?.required ?? rule?.required ?? 1;
  const group = progress?.group ?? rule?.group;
  if (required <= 1 && !group && !rule?.excludeRequester) return undefined;
  const votes = progress?.approvers ?? progress?.votes ?? [];
  const approvers = votes.map((v) => (typeof v === 'string' ? v : v.approver)).filter(Boolean);
  return {
    required,
    approvers,
    group,
    excludeRequester: rule?.excludeRequester === true || progress?.excludeRequester === true,
    requester: p.requester ?? p.presentation?.context?.requester,
  };
}

/** "1 of 2 approvals" for a pending call that needs more than one, else ''. */
export function progressText(p) {
  const g = progressOf(p);
  if (!g || p.status !== 'pending' || g.required <= 1) return '';
  return `${g.approvers.length} of ${g.required} approvals`;
}
