import type { ConsumeResult } from '@argseal/core/store';
import type { Runner } from '../sql/db.js';
import { grantColumns, LIVE } from '../sql/text.js';
import { consumeGrant, explain, missReason } from './consume.js';
import { toGrant } from './rows.js';

/**
 * One statement for many consumes (distinct binding hashes, sorted, so two such
 * statements lock grant rows in the same order). For each, exactly CONSUME's pick: the
 * oldest live approve grant of the hash for the consuming agent, unless a live rejection
 * of the hash exists, locked with `FOR UPDATE` (a consumer that waited on the lock
 * re-checks `uses_left > 0` on the committed row, so a single-use grant is taken at most
 * once), one use taken, the proposal marked consumed with the last use. A consume that
 * took nothing gets the explain columns from the same statement's snapshot; if they show
 * another live grant (a concurrent winner took the one it waited on) it is retried alone.
 */
export const CONSUME_MANY = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(binding_hash, agent, ord)
  ), pick AS MATERIALIZED (
    SELECT i.ord, g.id FROM input i CROSS JOIN LATERAL (
      SELECT id FROM argseal_grants
      WHERE binding_hash = i.binding_hash AND agent = i.agent AND decision = 'approve'
        AND uses_left > 0 AND ${LIVE}
        AND NOT EXISTS (
          SELECT 1 FROM argseal_grants r
          WHERE r.binding_hash = i.binding_hash AND r.decision = 'reject'
            AND (r.expires_at IS NULL OR r.expires_at > now()))
      ORDER BY id LIMIT 1
      FOR UPDATE
    ) g
  ), taken AS (
    UPDATE argseal_grants SET uses_left = uses_left - 1, last_used_at = now()
    FROM pick WHERE argseal_grants.id = pick.id
    RETURNING pick.ord, argseal_grants.*
  ), spent AS (
    UPDATE argseal_proposals SET status = 'consumed'
    FROM taken WHERE argseal_proposals.id = taken.proposal_id AND taken.uses_left = 0
    RETURNING argseal_proposals.id
  )
  SELECT input.ord AS ord, ${grantColumns('taken')}, why.*
  FROM input LEFT JOIN taken ON taken.ord = input.ord
  LEFT JOIN LATERAL (${explain('AND argseal_grants.agent = input.agent', 'input.binding_hash')}
    AND taken.ord IS NULL) why ON true`;

export interface ConsumeRequest {
  bindingHash: string;
  agent: string;
}

/** Consumes for `requests` (distinct binding hashes) with one statement. */
export async function consumeMany(
  runner: Runner,
  requests: readonly ConsumeRequest[],
): Promise<(ConsumeResult | Promise<ConsumeResult>)[]> {
  const order = requests
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.bindingHash < b.r.bindingHash ? -1 : 1));
  const rows = await runner.query(CONSUME_MANY, [
    order.map(({ r }) => r.bindingHash),
    order.map(({ r }) => r.agent),
  ]);
  const results: (ConsumeResult | Promise<ConsumeResult>)[] = new Array(requests.length);
  for (const row of rows) {
    const { r, i } = order[Number(row.ord) - 1] as (typeof order)[number];
    if (row.proposal_id !== null && row.proposal_id !== undefined) {
      results[i] = { ok: true, grant: toGrant(row) };
      continue;
    }
    const miss = missReason(row);
    results[i] = miss === 'retry' ? consumeGrant(runner, r.bindingHash, r.agent) : miss;
  }
  return results;
}
