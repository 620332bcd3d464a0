import type { StoredProposal } from '@argseal/core';
import type { ListProposalsFilter, ProposalStatus } from '@argseal/core/store';
import { HttpError } from './http-errors.js';

/** A stored proposal as the API sends it: arguments only as canonical JSON text. */
export type ProposalView = Omit<StoredProposal, 'parsedArguments'>;

export function toView(p: StoredProposal): ProposalView {
  const { parsedArguments: _drop, ...rest } = p;
  return rest;
}

const STATUSES: readonly (ProposalStatus | 'all')[] = [
  'pending',
  'approved',
  'rejected',
  'consumed',
  'expired',
  'all',
];
const DEFAULT_LIST_LIMIT = 200;
export const MAX_LIST_LIMIT = 1000;

/** Parses `?status=` (default `pending`) and `?limit=` (1-1000, default 200). */
export function listFilter(
  status: string | undefined,
  limit: string | undefined,
  fallback: ProposalStatus | 'all',
): ListProposalsFilter {
  const s = (status ?? fallback) as ProposalStatus | 'all';
  if (!STATUSES.includes(s)) {
    throw new HttpError('invalid_status', `status must be one of ${STATUSES.join(', ')}`);
  }
  return { status: s, limit: parseLimit(limit, DEFAULT_LIST_LIMIT) };
}

export function parseLimit(limit: string | undefined, fallback: number): number {
  if (limit === undefined) return fallback;
  const n = /^[0-9]{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_LIST_LIMIT) {
    throw new HttpError('invalid_limit', `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`);
  }
  return n;
}
