import { userInfo } from 'node:os';
import type { ApprovalStore, DecisionWake, StoredProposal } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import type { ApprovalGrant } from '@argseal/core/store';
import { loadConfig } from '../config/load-config.js';
import type { HookModuleConfig } from '../config/types.js';
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

/** The durable engine a decision wakes (the config's `wake` entry, its URL resolved). */
export interface WakeTarget {
  engine: 'dbos' | 'workflow';
  /** The engine's PostgreSQL database, which also holds argseal's table of waits. */
  url: string;
  /** Workflow DevKit: the application's base URL. */
  baseUrl?: string;
}

/** Opens the engine connection for a `wake` entry (`argseal approve` loads the engine package). */
export type WakeOpener = (target: WakeTarget) => Promise<DecisionWake>;

/** Options of {@link approveProposal}. */
export interface ApproveOptions {
  /** Required when the config has a `wake` entry: opens the engine that is woken. */
  openWake?: WakeOpener;
}

function wakeTarget(
  wake: NonNullable<HookModuleConfig['wake']>,
  env: HookEnvironment['env'],
): WakeTarget {
  const url = wake.url ?? env[wake.urlEnv ?? 'DATABASE_URL'];
  if (!url) {
    throw new HookError('config', 'invalid_config', 'config /wake: no database URL', {
      path: '/wake/url',
    });
  }
  return wake.baseUrl === undefined
    ? { engine: wake.engine, url }
    : { engine: wake.engine, url, baseUrl: wake.baseUrl };
}

/**
 * Decides one proposal in the hook's configured store. The decision names the exact
 * proposal (`proposalId`), so it can never apply to an identical call proposed later.
 * With a `wake` entry in the config, the engine connection is opened first (a failure
 * decides nothing) and the decision then also wakes the durable workflows waiting for it.
 * Throws HookError `proposal_not_found`, core's ApprovalError for a proposal that is no
 * longer pending, or a store/config error.
 */
export async function approveProposal(
  request: ApproveRequest,
  where: HookEnvironment,
  options: ApproveOptions = {},
): Promise<{ proposal: StoredProposal; grant: ApprovalGrant }> {
  assertKnownOptions('approveProposal options', options, ['openWake']);
  assertKnownOptions('approveProposal', request, [
    'id',
    'reject',
    'approver',
    'note',
    'uses',
    'configPath',
  ]);
  const { config } = await loadConfig(request.configPath, where.env, where.cwd);
  let wake: DecisionWake | undefined;
  if (config.wake !== undefined) {
    const target = wakeTarget(config.wake, where.env);
    if (typeof options.openWake !== 'function') {
      throw new HookError(
        'config',
        'invalid_config',
        'config /wake: this caller cannot wake a durable engine (use argseal approve)',
        { path: '/wake' },
      );
    }
    wake = await options.openWake(target);
  }
  try {
    return await withStore(config, where, (store) => decideIn(store.approvals, wake, request));
  } finally {
    await wake?.close();
  }
}

async function decideIn(
  stored: ApprovalStore,
  wake: DecisionWake | undefined,
  request: ApproveRequest,
): Promise<{ proposal: StoredProposal; grant: ApprovalGrant }> {
  const approvals = wake ? wake.wrap(stored) : stored;
  const proposal = await approvals.getProposal(request.id);
  if (!proposal) throw new HookError('store', 'proposal_not_found', 'no proposal with this id');
  const grant = await approvals.decide(proposal.proposalHash, {
    decision: request.reject ? 'reject' : 'approve',
    approver: request.approver ?? userInfo().username,
    proposalId: request.id,
    ...(request.note !== undefined ? { note: request.note } : {}),
    ...(request.uses !== undefined ? { uses: request.uses } : {}),
  });
  return { proposal, grant };
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
