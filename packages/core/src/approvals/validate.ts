import { ApprovalError } from '../errors.js';
import { isHashHex } from '../hash.js';
import { checkPresentation } from '../presentation/check-presentation.js';
import { checkApproverGroups, checkFourEyes } from './four-eyes.js';
import { identityProblem } from './identity.js';
import type { ApprovalDecisionInput, SuspendedToolProposal } from './types.js';

/** Default lifetime of a grant without `expiresAt`: one hour. */
export const DEFAULT_GRANT_TTL_MS = 60 * 60 * 1000;
/**
 * Longest lifetime a grant may get: seven days. `ttlMs` above it is refused with
 * `invalid_ttl`; an absolute `expiresAt` later than the store's clock plus this is refused
 * with `invalid_expiry` (never clamped).
 */
export const MAX_GRANT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Most uses a single grant may allow. */
export const MAX_GRANT_USES = 1000;

/** Throws `invalid_proposal_hash` (or `code`) unless `hash` is 64 lowercase hex chars. */
export function assertHash(
  hash: unknown,
  code: 'invalid_proposal_hash' | 'invalid_binding_hash' = 'invalid_proposal_hash',
): asserts hash is string {
  if (!isHashHex(hash)) throw new ApprovalError(code, 'expected a 64-character lowercase hex hash');
}

/** A decision checked and normalized: expiry resolved against `now`. */
export interface NormalizedDecision {
  decision: 'approve' | 'reject';
  approver: string;
  note: string | undefined;
  /** An absolute expiry (checked against `now`); null when none was given. */
  expiresAt: Date | null;
  /** A lifetime the store adds to its own clock; null: the store's default TTL. */
  ttlMs: number | null;
  uses: number;
  /** Only this pending proposal may be decided, when given. */
  proposalId: string | undefined;
  /** The approver's groups (four eyes), when given. */
  groups: readonly string[] | undefined;
}

/**
 * Validates a decision input. Codes: `invalid_decision`, `invalid_approver`,
 * `invalid_note`, `invalid_ttl`, `invalid_expiry`, `expiry_in_past`, `invalid_uses`,
 * `invalid_proposal_id`, `invalid_groups`. `now` is the store's clock; SQL stores pass the database time
 * (only read when `expiresAt` is given).
 */
export function normalizeDecision(input: ApprovalDecisionInput, now: Date): NormalizedDecision {
  if (typeof input !== 'object' || input === null) {
    throw new ApprovalError('invalid_decision', 'decision input must be an object');
  }
  if (input.decision !== 'approve' && input.decision !== 'reject') {
    throw new ApprovalError('invalid_decision', 'decision must be "approve" or "reject"');
  }
  if (identityProblem(input.approver) !== undefined) {
    throw new ApprovalError(
      'invalid_approver',
      'approver must be a non-empty name of at most 200 characters without invisible or control characters',
    );
  }
  if (input.note !== undefined && (typeof input.note !== 'string' || input.note.length > 2000)) {
    throw new ApprovalError('invalid_note', 'note must be a string of at most 2000 characters');
  }
  const ttlMs = normalizeTtl(input.ttlMs);
  let expiresAt: Date | null = null;
  if (input.expiresAt !== undefined) {
    if (ttlMs !== null) {
      throw new ApprovalError('invalid_expiry', 'give ttlMs or expiresAt, not both');
    }
    expiresAt =
      input.expiresAt instanceof Date
        ? new Date(input.expiresAt.getTime())
        : new Date(input.expiresAt as string);
    if (
      (typeof input.expiresAt !== 'string' && !(input.expiresAt instanceof Date)) ||
      Number.isNaN(expiresAt.getTime())
    ) {
      throw new ApprovalError('invalid_expiry', 'expiresAt must be a Date or an ISO-8601 string');
    }
    if (expiresAt.getTime() <= now.getTime()) {
      throw new ApprovalError('expiry_in_past', 'expiresAt must be in the future');
    }
    if (expiresAt.getTime() > now.getTime() + MAX_GRANT_TTL_MS) {
      throw new ApprovalError(
        'invalid_expiry',
        `expiresAt must be at most ${MAX_GRANT_TTL_MS} ms after the store's clock`,
      );
    }
  }
  const uses = input.uses ?? 1;
  if (!Number.isSafeInteger(uses) || uses < 1 || uses > MAX_GRANT_USES) {
    throw new ApprovalError('invalid_uses', `uses must be an integer from 1 to ${MAX_GRANT_USES}`);
  }
  if (
    input.proposalId !== undefined &&
    (typeof input.proposalId !== 'string' || input.proposalId === '')
  ) {
    throw new ApprovalError('invalid_proposal_id', 'proposalId must be a non-empty string');
  }
  const groups = checkApproverGroups(input.groups);
  return {
    decision: input.decision,
    approver: input.approver,
    note: input.note,
    expiresAt,
    ttlMs,
    uses,
    proposalId: input.proposalId,
    groups,
  };
}

function normalizeTtl(value: unknown): number | null {
  if (value === undefined) return null;
  if (
    !Number.isSafeInteger(value) ||
    (value as number) <= 0 ||
    (value as number) > MAX_GRANT_TTL_MS
  ) {
    throw new ApprovalError(
      'invalid_ttl',
      `ttlMs must be an integer number of milliseconds from 1 to ${MAX_GRANT_TTL_MS}`,
    );
  }
  return value as number;
}

/**
 * Validates a proposal before a store keeps it. Codes: `invalid_proposal` (also a
 * `presentation` that is not a JSON object of at most `MAX_PRESENTATION_LENGTH` canonical
 * characters), `invalid_proposal_hash`, `invalid_binding_hash`, `invalid_supersedes` (not a
 * non-empty string, or the proposal's own id; stores also check that it names a proposal of
 * the same agent and tool), and the four-eyes codes of `checkFourEyes` (`invalid_approvals`,
 * `invalid_requester`, `requester_required`).
 */
export function assertProposal(p: SuspendedToolProposal): void {
  const ok =
    typeof p === 'object' &&
    p !== null &&
    typeof p.id === 'string' &&
    p.id.length > 0 &&
    typeof p.agent === 'string' &&
    typeof p.tool === 'string' &&
    typeof p.toolCallId === 'string' &&
    typeof p.argsCanonicalJson === 'string' &&
    typeof p.reason === 'string' &&
    typeof p.createdAt === 'string';
  if (!ok) throw new ApprovalError('invalid_proposal', 'proposal is missing required fields');
  assertHash(p.proposalHash);
  assertHash(p.bindingHash, 'invalid_binding_hash');
  if (
    p.supersedes !== undefined &&
    (typeof p.supersedes !== 'string' || p.supersedes === '' || p.supersedes === p.id)
  ) {
    throw new ApprovalError('invalid_supersedes', 'supersedes must be the id of another proposal');
  }
  if (p.presentation !== undefined) checkPresentation(p.presentation);
  checkFourEyes(p);
}
