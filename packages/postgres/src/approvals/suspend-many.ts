import type { StoredProposal, SuspendedToolProposal } from '@argseal/core/store';
import type { Runner } from '../sql/db.js';
import { proposalColumns } from '../sql/text.js';
import { toProposal } from './rows.js';
import { suspendChecked, suspendParams } from './suspend.js';

/**
 * One statement for many suspends (distinct proposal hashes): the INSERT_PENDING of each,
 * as one multi-row insert from parameter arrays, in hash order (two such statements racing
 * over the same hashes wait on each other in one direction, never in a cycle). A proposal whose hash already has a
 * pending twin inserts nothing and is then joined to the twin alone; a duplicate id fails
 * the statement (nothing is inserted) and every proposal is retried alone.
 */
export const SUSPEND_MANY = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
      $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
      $13::text[], $14::text[]) WITH ORDINALITY
    AS i(id, proposal_hash, binding_hash, agent, tool, tool_call_id, args_canonical_json,
      original_arguments, reason, created_at, supersedes, presentation, approvals, requester, ord)
  ), suspended AS (
    INSERT INTO argseal_proposals (id, proposal_hash, binding_hash, agent, tool,
      tool_call_id, args_canonical_json, original_arguments, reason, created_at, status, supersedes,
      presentation, approvals, requester)
    SELECT id, proposal_hash, binding_hash, agent, tool, tool_call_id, args_canonical_json,
      original_arguments, reason, created_at, 'pending', supersedes, presentation::jsonb,
      approvals::jsonb, requester
    FROM input ORDER BY proposal_hash
    ON CONFLICT (proposal_hash) WHERE status = 'pending' DO NOTHING
    RETURNING ${proposalColumns()}
  ), recorded AS (
    INSERT INTO argseal_proposal_calls (agent, tool, tool_call_id, proposal_id)
    SELECT agent, tool, tool_call_id, id FROM suspended
    ON CONFLICT (agent, tool, tool_call_id, proposal_id)
    DO UPDATE SET seq = nextval('argseal_proposal_calls_seq')
  )
  SELECT * FROM suspended`;

/** Suspends `proposals` (supersedes already checked, distinct hashes) with one statement. */
export async function suspendMany(
  runner: Runner,
  proposals: readonly SuspendedToolProposal[],
): Promise<(StoredProposal | Promise<StoredProposal>)[]> {
  const columns: unknown[][] = Array.from({ length: 14 }, () => []);
  for (const p of proposals) {
    suspendParams(p).forEach((value, c) => {
      (columns[c] as unknown[]).push(value);
    });
  }
  const rows = await runner.query(SUSPEND_MANY, columns);
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  return proposals.map((p) => {
    const row = byId.get(p.id);
    return row ? toProposal(row) : suspendChecked(runner, p, true);
  });
}
