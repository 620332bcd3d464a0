import type { ApprovalGrant, NormalizedDecision } from '@argseal/core/store';
import type { Row } from '../sql/db.js';
import { grantColumns } from '../sql/text.js';

/** A decided proposal: the grant and what the audit event names. */
export interface DecideOutcome {
  grant: ApprovalGrant;
  proposal: { agent: string; tool: string; toolCallId: string };
}

/**
 * One statement: the pending proposal flips to approved/rejected and its grant is
 * inserted, or nothing happens at all. Expiry uses the database clock: a `ttlMs` (or the
 * store's default) is added to `now()` in this statement; a given `expiresAt` was checked
 * against a `now()` read just before (so it is never beyond `now()` + MAX_GRANT_TTL_MS here).
 * Four-eyes proposals are left alone ($10 false) unless their row lock is held ($10 true).
 */
export const DECIDE = `WITH decided AS (
    UPDATE argseal_proposals
    SET status = $2, decided_by = $3, decided_at = now(), note = $4
    WHERE proposal_hash = $1 AND status = 'pending'
      AND ($5::timestamptz IS NULL OR $5::timestamptz > now())
      AND ($9::text IS NULL OR id = $9::text)
      AND ($10::boolean OR approvals IS NULL)
    RETURNING id, proposal_hash, binding_hash, agent, tool, tool_call_id
  ), granted AS (
    INSERT INTO argseal_grants (proposal_id, proposal_hash, binding_hash, agent, decision,
      approver, note, granted_at, expires_at, uses_left)
    SELECT id, proposal_hash, binding_hash, agent, $6, $3, $4, now(),
      coalesce($5::timestamptz, now() + make_interval(secs => $8::double precision / 1000)), $7
    FROM decided
    RETURNING *
  )
  SELECT ${grantColumns('granted')}, decided.agent AS agent, decided.tool AS tool,
    decided.tool_call_id AS tool_call_id
  FROM granted JOIN decided ON decided.id = granted.proposal_id`;

/** Why DECIDE matched nothing. */
export const EXPLAIN = `SELECT ($1::timestamptz IS NOT NULL AND $1::timestamptz <= now()) AS past,
  (SELECT status FROM argseal_proposals WHERE proposal_hash = $2
    ORDER BY (status = 'pending') DESC, seq DESC LIMIT 1) AS status,
  (SELECT id FROM argseal_proposals WHERE proposal_hash = $2 AND status = 'pending'
    LIMIT 1) AS pending_id,
  (SELECT approvals IS NOT NULL FROM argseal_proposals
    WHERE proposal_hash = $2 AND status = 'pending' LIMIT 1) AS four_eyes`;

/** The DECIDE parameters of one decision; `uses` and `proposalId` as given. */
export function decideParams(
  proposalHash: string,
  d: NormalizedDecision,
  expiresAt: string | null,
  defaultTtlMs: number,
  fourEyes: { uses: number; proposalId: string } | undefined,
): unknown[] {
  return [
    proposalHash,
    d.decision === 'approve' ? 'approved' : 'rejected',
    d.approver,
    d.note ?? null,
    expiresAt,
    d.decision,
    d.decision === 'approve' ? (fourEyes?.uses ?? d.uses) : 0,
    d.ttlMs ?? defaultTtlMs,
    fourEyes?.proposalId ?? d.proposalId ?? null,
    fourEyes !== undefined,
  ];
}

/** The proposal fields of a DECIDE row. */
export function decidedProposal(row: Row): DecideOutcome['proposal'] {
  return { agent: String(row.agent), tool: String(row.tool), toolCallId: String(row.tool_call_id) };
}
