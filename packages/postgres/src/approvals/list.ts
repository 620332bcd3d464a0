import { ApprovalError, type StoredProposal } from '@argseal/core';
import { assertHash, type ListProposalsFilter } from '@argseal/core/store';
import type { Runner } from '../sql/db.js';
import { PROPOSALS, READ_PROPOSAL_COLUMNS } from '../sql/text.js';
import { toProposal } from './rows.js';

/**
 * Proposals newest first (by `createdAt`, ties in insertion order, as core's memory
 * store), filtered by effective status (default `all`) and limited.
 */
export async function listProposals(
  runner: Runner,
  filter: ListProposalsFilter = {},
): Promise<StoredProposal[]> {
  const status = filter?.status ?? 'all';
  const limit = filter?.limit;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new ApprovalError(
      'invalid_filter',
      'listProposals: limit must be a non-negative integer',
    );
  }
  const hash = filter?.proposalHash;
  if (hash !== undefined) assertHash(hash);
  // by hash: the argseal_proposals_hash index (the kit's replay check); a separate text so
  // the unfiltered list keeps its plan
  const rows = await runner.query(
    `SELECT ${READ_PROPOSAL_COLUMNS} FROM ${PROPOSALS}
     WHERE ($1::text = 'all' OR effective_status = $1::text)${hash === undefined ? '' : ' AND proposal_hash = $3::text'}
     ORDER BY created_at COLLATE "C" DESC, seq ASC
     LIMIT $2::bigint`,
    hash === undefined ? [String(status), limit ?? null] : [String(status), limit ?? null, hash],
  );
  return rows.map(toProposal);
}
