import {
  ApprovalError,
  type ApprovalGrant,
  type ApprovalRule,
  checkVote,
  type NormalizedDecision,
} from '@argseal/core/store';
import type { Row, Runner } from '../sql/db.js';
import { iso } from '../sql/text.js';
import { DECIDE, type DecideOutcome, decidedProposal, decideParams } from './decide-sql.js';
import { progressOf, toGrant } from './rows.js';

/**
 * The pending four-eyes proposal, locked until the transaction ends. A decider that waited on
 * the lock reads the row as the previous decider committed it (votes included).
 */
const LOCK = `SELECT id, proposal_hash, binding_hash, agent, tool, tool_call_id, approvals,
    requester, votes
  FROM argseal_proposals
  WHERE proposal_hash = $1 AND status = 'pending' AND approvals IS NOT NULL
    AND ($2::text IS NULL OR id = $2::text)
  FOR UPDATE`;

/** Appends one approval (approver, database time, the uses it allows) to the locked row. */
const VOTE = `UPDATE argseal_proposals
  SET votes = coalesce(votes, '[]'::jsonb)
    || jsonb_build_array(jsonb_build_object('approver', $2::text, 'at', ${iso('now()')},
      'uses', $3::integer))
  WHERE id = $1 AND status = 'pending'
  RETURNING ${iso('now()')} AS at`;

interface StoredVote {
  approver: string;
  at: string;
  uses: number;
}

const decoded = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;

function grantOf(locked: Row, d: NormalizedDecision, at: string): ApprovalGrant {
  return {
    proposalId: String(locked.id),
    proposalHash: String(locked.proposal_hash),
    bindingHash: String(locked.binding_hash),
    decision: d.decision,
    approver: d.approver,
    ...(d.note !== undefined ? { note: d.note } : {}),
    grantedAt: at,
    usesLeft: 0,
  };
}

/**
 * One decision on a four-eyes proposal, in one transaction under the proposal's row lock, so
 * racing approvers are serialized and each sees the votes committed before it: no double
 * vote, no premature grant. The rule check is core's `checkVote`. An approval that completes
 * the rule, or an allowed reject, decides the proposal with the ordinary DECIDE statement
 * (uses: the fewest any approver gave). Undefined when the proposal stopped being pending.
 */
export async function decideFourEyes(
  runner: Runner,
  proposalHash: string,
  d: NormalizedDecision,
  expiresAt: string | null,
  defaultTtlMs: number,
): Promise<DecideOutcome | undefined> {
  return runner.transaction(async (query) => {
    const [locked] = await query(LOCK, [proposalHash, d.proposalId ?? null]);
    if (!locked) return undefined;
    const rule = decoded(locked.approvals) as ApprovalRule & { required: number };
    const votes = (decoded(locked.votes) ?? []) as StoredVote[];
    const requester = locked.requester === null ? undefined : String(locked.requester);
    const complete = checkVote(rule, requester, votes, d);
    let at: string | undefined;
    if (d.decision === 'approve') {
      const [row] = await query(VOTE, [locked.id, d.approver, d.uses]);
      at = String(row?.at);
      votes.push({ approver: d.approver, at, uses: d.uses });
    }
    const progress = progressOf(rule, votes);
    if (d.decision === 'approve' && !complete) {
      const grant = { ...grantOf(locked, d, String(at)), approvals: progress };
      return { grant, proposal: decidedProposal(locked) };
    }
    const uses = Math.min(...votes.map((v) => Number(v.uses)), d.uses);
    const params = decideParams(proposalHash, d, expiresAt, defaultTtlMs, {
      uses,
      proposalId: String(locked.id),
    });
    const [row] = await query(DECIDE, params);
    // the row is locked and pending: only an expiry that passed meanwhile stops DECIDE
    if (!row) throw new ApprovalError('expiry_in_past', 'expiresAt must be in the future');
    return { grant: { ...toGrant(row), approvals: progress }, proposal: decidedProposal(row) };
  });
}
