/** SQL expression rendering a timestamptz column as an ISO-8601 UTC string (ms precision). */
export function iso(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Proposal columns; `status` is the stored status unless `statusColumn` says otherwise. */
export function proposalColumns(statusColumn = 'status'): string {
  return `id, proposal_hash, binding_hash, agent, tool, tool_call_id, args_canonical_json,
  original_arguments, reason, created_at, ${statusColumn} AS status, decided_by,
  ${iso('decided_at')} AS decided_at, note, supersedes, presentation, approvals, requester, votes`;
}

/**
 * Proposals with their effective status: an approved proposal whose grant has expired
 * (database clock) reads as `expired`, as in core's memory store.
 */
export const PROPOSALS = `(SELECT p.*, CASE WHEN p.status = 'approved' AND EXISTS (
    SELECT 1 FROM argseal_grants g WHERE g.proposal_id = p.id AND g.expires_at <= now()
  ) THEN 'expired' ELSE p.status END AS effective_status
  FROM argseal_proposals p) AS proposals`;

/** Columns to read from PROPOSALS. */
export const READ_PROPOSAL_COLUMNS: string = proposalColumns('effective_status');

/** Grant columns, qualified by `alias` (a table or CTE name). */
export function grantColumns(alias: string): string {
  const c = (name: string) => `${alias}.${name}`;
  return `${c('proposal_id')} AS proposal_id, ${c('proposal_hash')} AS proposal_hash,
  ${c('binding_hash')} AS binding_hash, ${c('decision')} AS decision, ${c('approver')} AS approver,
  ${c('note')} AS note, ${iso(c('granted_at'))} AS granted_at,
  ${iso(c('expires_at'))} AS expires_at, ${c('uses_left')} AS uses_left`;
}

/** A grant row that still matches at the database clock. */
export const LIVE = '(expires_at IS NULL OR expires_at > now())';
