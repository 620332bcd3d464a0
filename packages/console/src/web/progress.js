// Four eyes: how many distinct approvals a call has and needs, from the stored proposal's
// `approvals` ({ required, group?, excludeRequester?, received: [{ approver, at }] }) and its
// `requester` (server context).

/** `{ required, votes, approvers, group, excludeRequester, requester }`, or undefined without a rule. */
export function progressOf(p) {
  const a = p.approvals;
  if (!a || typeof a !== 'object') return undefined;
  const required = Number.isInteger(a.required) && a.required > 0 ? a.required : 1;
  const votes = Array.isArray(a.received) ? a.received.filter((v) => v?.approver) : [];
  return {
    required,
    votes,
    approvers: votes.map((v) => v.approver),
    group: typeof a.group === 'string' ? a.group : undefined,
    excludeRequester: a.excludeRequester === true,
    requester: typeof p.requester === 'string' ? p.requester : undefined,
  };
}

/** "1 of 2 approvals" for a pending call that needs more than one, else ''. */
export function progressText(p) {
  const g = progressOf(p);
  if (!g || p.status !== 'pending' || g.required <= 1) return '';
  return `${g.approvers.length} of ${g.required} approvals`;
}

/** "alice and bob", "alice, bob and carol". */
export function names(list) {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/**
 * Why `me` (in `groups`) cannot approve (`approve`) or decide at all (`all`) this pending
 * call, in the approver's words; '' when nothing blocks.
 */
export function blockedFor(p, me, groups) {
  const g = progressOf(p);
  if (!g || p.status !== 'pending') return { approve: '', all: '' };
  if (g.group && !groups.includes(g.group))
    return {
      approve: '',
      all: `Only members of the group ${g.group} may decide this call; you are not in it.`,
    };
  if (g.approvers.includes(me))
    return {
      approve: `You already approved this call; your approval counts once. It needs ${g.required - g.approvers.length} more from someone else.`,
      all: '',
    };
  if (g.excludeRequester && g.requester === me)
    return {
      approve: 'You requested this call, so someone else must approve it. You can still reject it.',
      all: '',
    };
  return { approve: '', all: '' };
}
