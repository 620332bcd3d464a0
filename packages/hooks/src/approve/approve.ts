import { userInfo } from 'node:os';
import type { StoredProposal } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import type { ApprovalGrant } from '@argseal/core/store';
import { loadConfig } from '../config/load-config.js';
import { HookError } from '../errors.js';
import { type HookEnvironment, withStore } from '../pipeline/session-for.js';

/** What `argseal approve` was asked to do. */
export interface ApproveRequest {
  /** Proposal id (from the hook's deny reason or `listPendingProposals`). */
  id: string;
  reject?: boolean;
  approver?: string | undefined;
  note?: string | undefined;
  uses?: number | undefined;
  configPath?: string | undefined;
}

/**
 * Decides one proposal in the hook's configured store. The decision names the exact
 * proposal (`proposalId`), so it can never apply to an identical call proposed later.
 * Throws HookError `proposal_not_found`, core's ApprovalError for a proposal that is no
 * longer pending, or a store/config error.
 */
export async function approveProposal(
  request: ApproveRequest,
  where: HookEnvironment,
): Promise<{ proposal: StoredProposal; grant: ApprovalGrant }> {
  assertKnownOptions('approveProposal', request, [
    'id',
    'reject',
    'approver',
    'note',
    'uses',
    'configPath',
  ]);
  const { config } = await loadConfig(request.configPath, where.env, where.cwd);
  return withStore(config, where, async (store) => {
    const proposal = await store.approvals.getProposal(request.id);
    if (!proposal) throw new HookError('store', 'proposal_not_found', 'no proposal with this id');
    const grant = await store.approvals.decide(proposal.proposalHash, {
      decision: request.reject ? 'reject' : 'approve',
      approver: request.approver ?? userInfo().username,
      proposalId: request.id,
      ...(request.note !== undefined ? { note: request.note } : {}),
      ...(request.uses !== undefined ? { uses: request.uses } : {}),
    });
    return { proposal, grant };
  });
}

/** The newest pending proposals (at most 50) in the hook's configured store. */
export async function listPendingProposals(
  configPath: string | undefined,
  where: HookEnvironment,
): Promise<StoredProposal[]> {
  const { config } = await loadConfig(configPath, where.env, where.cwd);
  return withStore(config, where, (store) =>
    store.approvals.listProposals({ status: 'pending', limit: 50 }),
  );
}
