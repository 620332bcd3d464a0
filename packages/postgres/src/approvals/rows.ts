import {
  type ApprovalGrant,
  type ApprovalProgress,
  type ApprovalRule,
  type ApprovalVote,
  decodeCanonical,
  type JsonObject,
  type ProposalStatus,
  type StoredProposal,
} from '@argseal/core/store';
import type { Row } from '../sql/db.js';

function text(row: Row, key: string): string {
  return String(row[key]);
}

function optional(row: Row, key: string): string | undefined {
  const value = row[key];
  return value === null || value === undefined ? undefined : String(value);
}

export function toProposal(row: Row): StoredProposal {
  const proposal: StoredProposal = {
    id: text(row, 'id'),
    agent: text(row, 'agent'),
    tool: text(row, 'tool'),
    toolCallId: text(row, 'tool_call_id'),
    argsCanonicalJson: text(row, 'args_canonical_json'),
    proposalHash: text(row, 'proposal_hash'),
    bindingHash: text(row, 'binding_hash'),
    parsedArguments: decodeCanonical(text(row, 'args_canonical_json')),
    reason: text(row, 'reason'),
    createdAt: text(row, 'created_at'),
    status: text(row, 'status') as ProposalStatus,
  };
  const originalArguments = optional(row, 'original_arguments');
  if (originalArguments !== undefined) proposal.originalArguments = originalArguments;
  const supersedes = optional(row, 'supersedes');
  if (supersedes !== undefined) proposal.supersedes = supersedes;
  const decidedBy = optional(row, 'decided_by');
  if (decidedBy !== undefined) proposal.decidedBy = decidedBy;
  const decidedAt = optional(row, 'decided_at');
  if (decidedAt !== undefined) proposal.decidedAt = decidedAt;
  const note = optional(row, 'note');
  if (note !== undefined) proposal.note = note;
  const presentation = json(row, 'presentation');
  if (presentation !== undefined) proposal.presentation = presentation as JsonObject;
  const requester = optional(row, 'requester');
  if (requester !== undefined) proposal.requester = requester;
  const rule = json(row, 'approvals');
  if (rule !== undefined) proposal.approvals = progressOf(rule as ApprovalRule, json(row, 'votes'));
  return proposal;
}

/** A JSON column (jsonb arrives decoded from pg and PGlite; json text is decoded here). */
function json(row: Row, key: string): unknown {
  const value = row[key];
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A stored four-eyes rule with its votes (oldest first). */
export function progressOf(rule: ApprovalRule, votes: unknown): ApprovalProgress {
  const received = Array.isArray(votes)
    ? votes.map((v: ApprovalVote) => ({ approver: String(v.approver), at: String(v.at) }))
    : [];
  return { ...(rule as ApprovalProgress), required: rule.required ?? 1, received };
}

export function toGrant(row: Row): ApprovalGrant {
  const grant: ApprovalGrant = {
    proposalId: text(row, 'proposal_id'),
    proposalHash: text(row, 'proposal_hash'),
    bindingHash: text(row, 'binding_hash'),
    decision: text(row, 'decision') as ApprovalGrant['decision'],
    approver: text(row, 'approver'),
    grantedAt: text(row, 'granted_at'),
    usesLeft: Number(row.uses_left),
  };
  const note = optional(row, 'note');
  if (note !== undefined) grant.note = note;
  const expiresAt = optional(row, 'expires_at');
  if (expiresAt !== undefined) grant.expiresAt = expiresAt;
  return grant;
}
