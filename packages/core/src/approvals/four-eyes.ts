import { ApprovalError } from '../errors.js';
import { canonicalIdentity, identityProblem } from './identity.js';

/** Most distinct approvals a call may require. */
export const MAX_REQUIRED_APPROVALS = 10;
/** Longest approver, requester or group name. */
export const MAX_APPROVER_LENGTH = 200;
/** Most groups a decision may name for its approver. */
export const MAX_APPROVER_GROUPS = 64;

/**
 * Four eyes: what a `require_approval` decision asks of the people who approve. Carried by the
 * proposal and enforced by the store: the grant becomes live only at `required` distinct
 * approvals, each from a member of `group` (when named) and never from the requester (when
 * `excludeRequester`). One reject by an allowed approver ends the proposal.
 */
export interface ApprovalRule {
  /** Distinct approvers needed, 1 to 10 (`MAX_REQUIRED_APPROVALS`). Default 1. */
  required?: number;
  /** Only approvers in this group may decide (the caller of `decide` names their `groups`). */
  group?: string;
  /** The proposal's `requester` may not approve their own call (they may still reject it). */
  excludeRequester?: boolean;
}

/** One approval recorded on a four-eyes proposal. */
export interface ApprovalVote {
  approver: string;
  /** ISO-8601 time the store recorded the vote (its own clock). */
  at: string;
}

/** A stored proposal's four-eyes rule and the approvals it has received, oldest first. */
export interface ApprovalProgress {
  required: number;
  group?: string;
  excludeRequester?: boolean;
  received: ApprovalVote[];
}

const RULE_KEYS = new Set(['required', 'group', 'excludeRequester']);
const invalidRule = (message: string) => new ApprovalError('invalid_approvals', message);

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_APPROVER_LENGTH;
}

/**
 * Checks a four-eyes rule and returns a normalized copy (`required` filled in, absent
 * fields omitted). Code `invalid_approvals`: not an object, an unknown key, `required` not an
 * integer from 1 to {@link MAX_REQUIRED_APPROVALS}, an empty or over-long `group`, or a
 * non-boolean `excludeRequester`.
 */
export function checkApprovalRule(value: unknown): ApprovalRule & { required: number } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidRule('approvals must be an object');
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v))
    if (!RULE_KEYS.has(key)) throw invalidRule(`approvals: unknown field "${key}"`);
  const required = v.required ?? 1;
  if (!Number.isSafeInteger(required) || (required as number) < 1)
    throw invalidRule(`approvals.required must be an integer from 1 to ${MAX_REQUIRED_APPROVALS}`);
  if ((required as number) > MAX_REQUIRED_APPROVALS)
    throw invalidRule(`approvals.required must be an integer from 1 to ${MAX_REQUIRED_APPROVALS}`);
  if (v.group !== undefined && !isName(v.group))
    throw invalidRule(`approvals.group must be a name of 1 to ${MAX_APPROVER_LENGTH} characters`);
  if (v.excludeRequester !== undefined && typeof v.excludeRequester !== 'boolean')
    throw invalidRule('approvals.excludeRequester must be a boolean');
  return {
    required: required as number,
    ...(v.group !== undefined ? { group: v.group as string } : {}),
    ...(v.excludeRequester === true ? { excludeRequester: true } : {}),
  };
}

/**
 * Checks a proposal's four-eyes fields before a store keeps them; returns the normalized rule
 * (undefined without one). Codes: `invalid_approvals` (see {@link checkApprovalRule}),
 * `invalid_requester` (not a name of 1 to {@link MAX_APPROVER_LENGTH} characters),
 * `requester_required` (`excludeRequester` without a `requester`: the rule could not be
 * enforced, so the proposal is refused).
 */
export function checkFourEyes(p: {
  approvals?: unknown;
  requester?: unknown;
}): (ApprovalRule & { required: number }) | undefined {
  if (p.requester !== undefined && identityProblem(p.requester) !== undefined)
    throw new ApprovalError(
      'invalid_requester',
      `requester must be a name of 1 to ${MAX_APPROVER_LENGTH} characters without invisible or control characters`,
    );
  if (p.approvals === undefined) return undefined;
  const rule = checkApprovalRule(p.approvals);
  if (rule.excludeRequester && p.requester === undefined)
    throw new ApprovalError(
      'requester_required',
      'approvals.excludeRequester needs the proposal requester (from server context)',
    );
  return rule;
}

/**
 * Checks the `groups` of a decision (the approver's groups, as your identity system knows
 * them; never from a request body). Code `invalid_groups`.
 */
export function checkApproverGroups(groups: unknown): readonly string[] | undefined {
  if (groups === undefined) return undefined;
  if (
    !Array.isArray(groups) ||
    groups.length > MAX_APPROVER_GROUPS ||
    !groups.every((g) => isName(g))
  )
    throw new ApprovalError(
      'invalid_groups',
      `groups must be an array of at most ${MAX_APPROVER_GROUPS} names`,
    );
  return [...groups];
}

/**
 * Approvers and the requester are compared on {@link canonicalIdentity}: `Bob`, `bob ` and
 * `ｂｏｂ` are the `bob` who already approved.
 *
 * The store-side four-eyes check of one decision, run inside the store's atomic step (memory:
 * synchronously; SQL: under the proposal's row lock). Throws `approver_not_in_group`,
 * `requester_cannot_approve` (approve only: the requester may withdraw by rejecting) or
 * `duplicate_approval` (this approver's approval is already counted); nothing is recorded.
 * Returns true when this approval completes the rule (the grant becomes live).
 */
export function checkVote(
  rule: ApprovalRule & { required: number },
  requester: string | undefined,
  votes: readonly ApprovalVote[],
  vote: {
    decision: 'approve' | 'reject';
    approver: string;
    groups?: readonly string[] | undefined;
  },
): boolean {
  if (rule.group !== undefined && !(vote.groups ?? []).includes(rule.group))
    throw new ApprovalError(
      'approver_not_in_group',
      `only members of the group "${rule.group}" may decide this proposal`,
    );
  if (vote.decision === 'reject') return false;
  const who = canonicalIdentity(vote.approver);
  if (rule.excludeRequester && requester !== undefined && canonicalIdentity(requester) === who)
    throw new ApprovalError(
      'requester_cannot_approve',
      'the requester of this call may not approve it',
    );
  if (votes.some((v) => canonicalIdentity(v.approver) === who))
    throw new ApprovalError(
      'duplicate_approval',
      'this approver has already approved this proposal; another approver must decide',
    );
  return votes.length + 1 >= rule.required;
}
