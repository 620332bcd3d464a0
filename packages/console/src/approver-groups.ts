import { canonicalIdentity } from '@argseal/core';
import { ConsoleError } from './errors.js';

/**
 * Four-eyes groups: group name to the approver names in it, e.g. `{ finance: ['alice', 'bob'] }`.
 * A policy's `approvals.group` names one; only its members may decide such a call.
 */
export type ApproverGroups = Readonly<Record<string, readonly string[]>>;

const GROUP = /^[A-Za-z0-9][A-Za-z0-9._@ -]{0,63}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

/**
 * Checks `groups` (code `invalid_config`, naming `where` and the group, never a token) and
 * returns the lookup the approver API uses: the groups an approver is in, sorted.
 */
export function approverGroupLookup(
  groups: unknown,
  where = 'approverGroups',
): (approver: string) => string[] {
  if (groups === undefined) return () => [];
  if (typeof groups !== 'object' || groups === null || Array.isArray(groups))
    throw new ConsoleError('invalid_config', `${where} must be an object of group: [approvers]`);
  const byApprover = new Map<string, string[]>();
  for (const [group, members] of Object.entries(groups)) {
    if (!GROUP.test(group))
      throw new ConsoleError(
        'invalid_config',
        `${where}: a group name must match [A-Za-z0-9._@ -], 1-64 characters`,
      );
    if (!Array.isArray(members) || !members.every((m) => typeof m === 'string' && NAME.test(m)))
      throw new ConsoleError(
        'invalid_config',
        `${where}.${group} must be a list of approver names`,
      );
    for (const member of new Set((members as string[]).map(canonicalIdentity))) {
      const list = byApprover.get(member) ?? [];
      if (!list.includes(group)) byApprover.set(member, [...list, group].sort());
    }
  }
  // members are compared on the canonical identity, as the stores compare approvers
  return (approver) => [...(byApprover.get(canonicalIdentity(approver)) ?? [])];
}
