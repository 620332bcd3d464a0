import type { JsonValue } from '../json/types.js';

/** A call that needs a human decision. Bound to `proposalHash`. */
export interface SuspendedToolProposal {
  id: string;
  agent: string;
  tool: string;
  toolCallId: string;
  argsCanonicalJson: string;
  proposalHash: string;
  /**
   * Hash approvals bind to. Equals `proposalHash` unless the tool declares
   * informational fields (see `defineTool`).
   */
  bindingHash: string;
  /** A decoded copy of the arguments, private to this proposal object. */
  parsedArguments: JsonValue;
  reason: string;
  /** ISO-8601 timestamp. */
  createdAt: string;
  /** Canonical JSON of the arguments before a rewrite, when one happened. */
  originalArguments?: string;
}

export type ProposalStatus = 'pending' | 'approved' | 'rejected' | 'consumed' | 'expired';

/** A proposal as kept by a store, with its lifecycle status. */
export interface StoredProposal extends SuspendedToolProposal {
  status: ProposalStatus;
  decidedBy?: string;
  decidedAt?: string;
  note?: string;
}

/** A human decision bound to a proposal hash. */
export interface ApprovalGrant {
  proposalId: string;
  proposalHash: string;
  bindingHash: string;
  decision: 'approve' | 'reject';
  approver: string;
  note?: string;
  grantedAt: string;
  expiresAt?: string;
  usesLeft: number;
}

export interface ApprovalDecisionInput {
  decision: 'approve' | 'reject';
  approver: string;
  note?: string;
  /** When the grant stops matching. Must be in the future. */
  expiresAt?: Date | string;
  /** How many executions the grant allows. Default 1. */
  uses?: number;
}

/** What `peek` sees for a binding hash, without using anything up. */
export type PeekResult =
  | { live: true; grant: ApprovalGrant }
  | { live: false; reason: 'no_grant' | 'expired' | 'used_up' | 'rejected' };

export type ConsumeResult =
  | { ok: true; grant: ApprovalGrant }
  | { ok: false; reason: 'no_grant' | 'expired' | 'used_up' | 'rejected' };

export interface ListProposalsFilter {
  status?: ProposalStatus | 'all';
  limit?: number;
}

/**
 * Where proposals wait and grants live. Implementations: memory (core),
 * SQL (`@argseal/postgres`), HTTP (`@argseal/console`).
 *
 * Contract (checked by the test-kit conformance suite):
 * - `suspend` stores a pending proposal; when a pending proposal with the same
 *   `proposalHash` exists it is returned instead (no duplicates).
 * - `decide` decides the pending proposal with that hash exactly once.
 * - `consume` atomically takes one use of a live approve grant for a binding hash.
 */
export interface ApprovalStore {
  suspend(proposal: SuspendedToolProposal): Promise<StoredProposal>;
  getProposal(id: string): Promise<StoredProposal | undefined>;
  findPending(proposalHash: string): Promise<StoredProposal | undefined>;
  listProposals(filter?: ListProposalsFilter): Promise<StoredProposal[]>;
  listPending(): Promise<StoredProposal[]>;
  decide(proposalHash: string, input: ApprovalDecisionInput): Promise<ApprovalGrant>;
  consume(bindingHash: string): Promise<ConsumeResult>;
  /**
   * Reports whether `consume` would succeed now, without consuming. For approval gates
   * that run before execution (OpenAI Agents `needsApproval`, AI SDK `toolApproval`).
   * Same precedence as `consume`: a live reject wins over a live approve.
   */
  peek(bindingHash: string): Promise<PeekResult>;
}
