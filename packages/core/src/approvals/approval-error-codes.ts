import type { ApprovalErrorCode } from '../errors.js';

// Every ApprovalErrorCode once: the Record type makes a code added to the union without an
// entry here (or an entry the union lacks) a compile error.
const CODES: Readonly<Record<ApprovalErrorCode, true>> = {
  invalid_proposal: true,
  invalid_proposal_id: true,
  invalid_proposal_hash: true,
  invalid_binding_hash: true,
  invalid_call_ref: true,
  invalid_supersedes: true,
  invalid_agent: true,
  invalid_decision: true,
  invalid_approver: true,
  invalid_note: true,
  invalid_expiry: true,
  invalid_ttl: true,
  invalid_grant_ttl: true,
  invalid_uses: true,
  invalid_filter: true,
  expiry_in_past: true,
  invalid_approvals: true,
  invalid_requester: true,
  invalid_groups: true,
  requester_required: true,
  approver_not_in_group: true,
  requester_cannot_approve: true,
  duplicate_approval: true,
  proposal_not_found: true,
  proposal_not_pending: true,
  duplicate_proposal_id: true,
  store_unavailable: true,
  schema_not_migrated: true,
};

/**
 * True when `value` is one of the {@link ApprovalErrorCode}s. For stores and clients that
 * rebuild an `ApprovalError` from a code they received (an HTTP body, another process): a
 * known code passes, anything else must become the caller's documented fallback, never an
 * arbitrary string typed as a code.
 */
export function isApprovalErrorCode(value: unknown): value is ApprovalErrorCode {
  return typeof value === 'string' && Object.hasOwn(CODES, value);
}
