import { ApprovalError } from '@argseal/core';
import type { ApprovalDecisionInput, ApprovalGrant } from '@argseal/core/store';
import { toGrant } from './rows.js';
import type { Runner } from './sql-db.js';
import { grantColumns, iso } from './sql-text.js';
import { normalizeDecision } from './validate.js';

/**
 * One statement: the pending proposal flips to approved/rejected and its grant is
 * inserted, or nothing happens at all. Expiry uses the database clock: a `ttlMs` (or the
 * store's default) is added to `now()` in this statement; a given `expiresAt` was checked
 * against a `now()` read just before (so it is never beyond `now()` + MAX_GRANT_TTL_MS here).
 */
const DECIDE = `WITH decided AS (
    UPDATE argseal_proposals
    SET status = $2, decided_by = $3, decided_at = now(), note = $4
    WHERE proposal_hash = $1 AND status = 'pending'
      AND ($5::timestamptz IS NULL OR $5::timestamptz > now())
      AND ($9::text IS NULL OR id = $9::text)
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
const EXPLAIN = `SELECT ($1::timestamptz IS NOT NULL AND $1::timestamptz <= now()) AS past,
  (SELECT status FROM argseal_proposals WHERE proposal_hash = $2
    ORDER BY (status = 'pending') DESC, seq DESC LIMIT 1) AS status,
  (SELECT id FROM argseal_proposals WHERE proposal_hash = $2 AND status = 'pending'
    LIMIT 1) AS pending_id`;

export interface DecideOutcome {
  grant: ApprovalGrant;
  proposal: { agent: string; tool: string; toolCallId: string };
}

export async function decideProposal(
  runner: Runner,
  proposalHash: string,
  input: ApprovalDecisionInput,
  defaultTtlMs: number,
): Promise<DecideOutcome> {
  // The database clock judges a given expiry; without one, no clock is needed here (the
  // grant's default lifetime is computed in SQL), which saves a round trip.
  const hasExpiry = typeof input === 'object' && input !== null && input.expiresAt !== undefined;
  const clock = hasExpiry
    ? (await runner.query(`SELECT ${iso('now()')} AS now`))[0]?.now
    : undefined;
  const d = normalizeDecision(input, clock === undefined ? new Date(0) : new Date(String(clock)));
  const expiresAt = d.expiresAt ? d.expiresAt.toISOString() : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const rows = await runner.query(DECIDE, [
      proposalHash,
      d.decision === 'approve' ? 'approved' : 'rejected',
      d.approver,
      d.note ?? null,
      expiresAt,
      d.decision,
      d.decision === 'approve' ? d.uses : 0,
      d.ttlMs ?? defaultTtlMs,
      d.proposalId ?? null,
    ]);
    const row = rows[0];
    if (row) {
      const proposal = {
        agent: String(row.agent),
        tool: String(row.tool),
        toolCallId: String(row.tool_call_id),
      };
      return { grant: toGrant(row), proposal };
    }
    const [why] = await runner.query(EXPLAIN, [expiresAt, proposalHash]);
    if (why?.past === true)
      throw new ApprovalError('expiry_in_past', 'expiresAt must be in the future');
    if (why?.status === null || why?.status === undefined) {
      throw new ApprovalError('proposal_not_found', 'no proposal with this hash');
    }
    if (
      why.status !== 'pending' ||
      (d.proposalId !== undefined && why.pending_id !== d.proposalId)
    ) {
      throw new ApprovalError(
        'proposal_not_pending',
        'the proposal with this hash is already decided',
      );
    }
    // A pending proposal appeared between the two statements: decide it.
  }
  throw new ApprovalError('store_unavailable', 'decide: the proposal kept changing; try again');
}
