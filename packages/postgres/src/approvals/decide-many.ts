import type { Runner } from '../sql/db.js';
import { grantColumns } from '../sql/text.js';
import { type DecideRequest, decideProposal } from './decide.js';
import { type DecideOutcome, decidedProposal } from './decide-sql.js';
import { toGrant } from './rows.js';

/**
 * One statement for many decisions without a given `expiresAt` (distinct proposal
 * hashes): each pending ordinary proposal flips to approved/rejected and gets its grant
 * (lifetime `now()` plus its ttl), as DECIDE does for one. A proposal that is not pending,
 * or is a four-eyes proposal, matches nothing here and takes the single path, which
 * explains why (or votes under the row lock). Each proposal is found through the pending
 * index (one probe per decision); the update re-checks `status = 'pending'` on the row it
 * locks, so of concurrent deciders exactly one wins.
 */
export const DECIDE_MANY = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
      $6::integer[], $7::double precision[], $8::text[]) WITH ORDINALITY
    AS i(proposal_hash, status, approver, note, decision, uses, ttl_ms, proposal_id, ord)
  ), target AS (
    SELECT i.*, t.id FROM input i CROSS JOIN LATERAL (
      SELECT id FROM argseal_proposals
      WHERE proposal_hash = i.proposal_hash AND status = 'pending'
        AND (i.proposal_id IS NULL OR id = i.proposal_id)
      LIMIT 1
    ) t
  ), decided AS (
    UPDATE argseal_proposals p
    SET status = t.status, decided_by = t.approver, decided_at = now(), note = t.note
    FROM target t
    WHERE p.id = t.id AND p.status = 'pending' AND p.approvals IS NULL
    RETURNING p.id, p.proposal_hash, p.binding_hash, p.agent, p.tool, p.tool_call_id,
      t.ord, t.decision, t.approver, t.note, t.uses, t.ttl_ms
  ), granted AS (
    INSERT INTO argseal_grants (proposal_id, proposal_hash, binding_hash, agent, decision,
      approver, note, granted_at, expires_at, uses_left)
    SELECT id, proposal_hash, binding_hash, agent, decision, approver, note, now(),
      now() + make_interval(secs => ttl_ms / 1000), uses
    FROM decided
    RETURNING *
  )
  SELECT ${grantColumns('granted')}, decided.agent AS agent, decided.tool AS tool,
    decided.tool_call_id AS tool_call_id, decided.ord AS ord
  FROM granted JOIN decided ON decided.id = granted.proposal_id`;

/** Decides `requests` (no `expiresAt`, distinct hashes) with one statement. */
export async function decideMany(
  runner: Runner,
  requests: readonly DecideRequest[],
  defaultTtlMs: number,
): Promise<(DecideOutcome | Promise<DecideOutcome>)[]> {
  const columns: unknown[][] = Array.from({ length: 8 }, () => []);
  for (const { proposalHash, d } of requests) {
    const approve = d.decision === 'approve';
    const values = [
      proposalHash,
      approve ? 'approved' : 'rejected',
      d.approver,
      d.note ?? null,
      d.decision,
      approve ? d.uses : 0,
      d.ttlMs ?? defaultTtlMs,
      d.proposalId ?? null,
    ];
    values.forEach((value, c) => {
      (columns[c] as unknown[]).push(value);
    });
  }
  const rows = await runner.query(DECIDE_MANY, columns);
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return requests.map((request, i) => {
    const row = byOrd.get(i + 1);
    return row
      ? { grant: toGrant(row), proposal: decidedProposal(row) }
      : decideProposal(runner, request, defaultTtlMs, true);
  });
}
