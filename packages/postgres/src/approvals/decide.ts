import {
  type ApprovalDecisionInput,
  ApprovalError,
  type NormalizedDecision,
} from '@argseal/core/store';
import type { Runner } from '../sql/db.js';
import { iso } from '../sql/text.js';
import {
  DECIDE,
  type DecideOutcome,
  decidedProposal,
  decideParams,
  EXPLAIN,
} from './decide-sql.js';
import { decideFourEyes } from './four-eyes.js';
import { toGrant } from './rows.js';
import { normalizeDecision } from './validate.js';

/** A validated decision, ready for DECIDE (`expiresAt` checked against the database clock). */
export interface DecideRequest {
  proposalHash: string;
  d: NormalizedDecision;
  expiresAt: string | null;
}

/** Validates `input`; a given `expiresAt` is judged by the database clock (one statement). */
export async function decideRequest(
  runner: Runner,
  proposalHash: string,
  input: ApprovalDecisionInput,
): Promise<DecideRequest> {
  // The database clock judges a given expiry; without one, no clock is needed here (the
  // grant's default lifetime is computed in SQL), which saves a round trip.
  const hasExpiry = typeof input === 'object' && input !== null && input.expiresAt !== undefined;
  const clock = hasExpiry
    ? (await runner.query(`SELECT ${iso('now()')} AS now`))[0]?.now
    : undefined;
  const d = normalizeDecision(input, clock === undefined ? new Date(0) : new Date(String(clock)));
  return { proposalHash, d, expiresAt: d.expiresAt ? d.expiresAt.toISOString() : null };
}

/**
 * `decide` of the SQL store. An ordinary proposal is decided by one statement; a four-eyes
 * proposal (see `decideFourEyes`) under its row lock. `missed` says a batched DECIDE
 * already matched nothing for this request.
 */
export async function decideProposal(
  runner: Runner,
  request: DecideRequest,
  defaultTtlMs: number,
  missed = false,
): Promise<DecideOutcome> {
  const { proposalHash, d, expiresAt } = request;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(missed && attempt === 0)) {
      const rows = await runner.query(
        DECIDE,
        decideParams(proposalHash, d, expiresAt, defaultTtlMs, undefined),
      );
      const row = rows[0];
      if (row) return { grant: toGrant(row), proposal: decidedProposal(row) };
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
    if (why.four_eyes === true) {
      const voted = await decideFourEyes(runner, proposalHash, d, expiresAt, defaultTtlMs);
      if (voted) return voted;
    }
    // A pending proposal appeared (or changed) between the statements: decide it.
  }
  throw new ApprovalError('store_unavailable', 'decide: the proposal kept changing; try again');
}
