import type { ConsumeResult, PeekResult } from '@argseal/core/store';
import type { Row, Runner } from '../sql/db.js';
import { grantColumns, LIVE } from '../sql/text.js';
import { toGrant } from './rows.js';

/**
 * One atomic statement takes one use of the oldest live approve grant for the binding
 * hash and the consuming agent ($2), unless a live rejection exists for the hash (any
 * agent's: a rejection always wins), and marks the proposal consumed when its last use is
 * gone. Another agent's approve grant is never touched.
 * The grant row is locked; a consumer that waited on it re-checks `uses_left` after the
 * winner commits, so a single-use grant is taken exactly once.
 * Expiry is judged by the database clock.
 */
const CONSUME = `WITH taken AS (
    UPDATE argseal_grants SET uses_left = uses_left - 1, last_used_at = now()
    WHERE id = (
      SELECT id FROM argseal_grants
      WHERE binding_hash = $1 AND agent = $2 AND decision = 'approve' AND uses_left > 0
        AND ${LIVE}
        AND NOT EXISTS (
          SELECT 1 FROM argseal_grants r
          WHERE r.binding_hash = $1 AND r.decision = 'reject'
            AND (r.expires_at IS NULL OR r.expires_at > now()))
      ORDER BY id LIMIT 1
      FOR UPDATE
    )
    RETURNING *
  ), spent AS (
    UPDATE argseal_proposals SET status = 'consumed'
    FROM taken WHERE argseal_proposals.id = taken.proposal_id AND taken.uses_left = 0
    RETURNING argseal_proposals.id
  )
  SELECT ${grantColumns('taken')} FROM taken`;

/**
 * Why nothing was consumed or peeked (same precedence as core's memory store): a live
 * rejection of the hash counts for every agent, approve grants only for `agent` when given.
 */
export const explain = (agentFilter: string, hash = '$1') => `SELECT
    coalesce(bool_or(decision = 'reject' AND ${LIVE}), false) AS rejected,
    coalesce(bool_or(decision = 'approve' AND uses_left > 0 AND ${LIVE} ${agentFilter}), false)
      AS live,
    coalesce(bool_or(decision = 'approve' AND uses_left > 0 ${agentFilter}), false) AS unused,
    coalesce(bool_or(decision = 'approve' ${agentFilter}), false) AS approved
  FROM argseal_grants WHERE argseal_grants.binding_hash = ${hash}`;

const EXPLAIN_CONSUME = explain('AND agent = $2');

/** Why nothing was consumed, from an explain row; `retry` when another grant is live. */
export function missReason(why: Row | undefined): ConsumeResult | 'retry' {
  if (why?.rejected === true) return { ok: false, reason: 'rejected' };
  // The row we waited on was used up by a concurrent winner, but another grant is live.
  if (why?.live === true) return 'retry';
  if (why?.unused === true) return { ok: false, reason: 'expired' };
  if (why?.approved === true) return { ok: false, reason: 'used_up' };
  return { ok: false, reason: 'no_grant' };
}

export async function consumeGrant(
  runner: Runner,
  bindingHash: string,
  agent: string,
): Promise<ConsumeResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await runner.query(CONSUME, [bindingHash, agent]);
    if (rows[0]) return { ok: true, grant: toGrant(rows[0]) };
    const [why] = await runner.query(EXPLAIN_CONSUME, [bindingHash, agent]);
    const miss = missReason(why);
    if (miss !== 'retry') return miss;
  }
  return { ok: false, reason: 'used_up' };
}

/** What consume would take, and why not: one read-only statement (same precedence). */
const PEEK = `WITH why AS (${explain('')}), pick AS (
    SELECT ${grantColumns('g')} FROM argseal_grants g
    WHERE g.binding_hash = $1 AND g.decision = 'approve' AND g.uses_left > 0
      AND (g.expires_at IS NULL OR g.expires_at > now())
    ORDER BY g.id LIMIT 1
  )
  SELECT why.*, pick.* FROM why LEFT JOIN pick ON true`;

export async function peekGrant(runner: Runner, bindingHash: string): Promise<PeekResult> {
  const [row] = await runner.query(PEEK, [bindingHash]);
  if (row?.rejected === true) return { live: false, reason: 'rejected' };
  if (row && row.proposal_id !== null && row.proposal_id !== undefined) {
    return { live: true, grant: toGrant(row) };
  }
  if (row?.unused === true) return { live: false, reason: 'expired' };
  if (row?.approved === true) return { live: false, reason: 'used_up' };
  return { live: false, reason: 'no_grant' };
}
