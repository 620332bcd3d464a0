import type { JsonObject, JsonValue } from '../json/types.js';
import type { ApprovalProgress, ApprovalRule } from './four-eyes.js';

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
  /**
   * For an edit: the id of the proposal this one replaces. The edited call is a new proposal
   * with its own hash and its own decision; the store checks that the replaced proposal exists
   * with the same agent and tool (`invalid_supersedes`).
   */
  supersedes?: string;
  /**
   * Display metadata for the console (see `ProposalPresentation`): the tool's labels and
   * formats, server-context labels, risk. Never hashed; values are rendered from the arguments.
   */
  presentation?: JsonObject;
  /**
   * Four eyes: the approvals this call needs (from the policy's `require_approval` decision).
   * Absent: one approval by anyone allowed to decide.
   */
  approvals?: ApprovalRule;
  /**
   * Who asked for the call, from the application's server-side context (the tool's
   * `presentation.context` label `requester`); never model-filled. Barred from approving
   * when `approvals.excludeRequester`.
   */
  requester?: string;
}

/** Names one tool call of one agent, for {@link ApprovalStore.latestProposalForCall}. */
export interface ProposalCallRef {
  agent: string;
  tool: string;
  toolCallId: string;
}

/**
 * Lifecycle status of a stored proposal: `pending` until a human decides it, then
 * `approved` or `rejected`; an approved proposal becomes `consumed` when its grant's last
 * use is taken, or reads as `expired` once the grant's `expiresAt` has passed unused.
 */
export type ProposalStatus = 'pending' | 'approved' | 'rejected' | 'consumed' | 'expired';

/** A proposal as kept by a store, with its lifecycle status. */
export interface StoredProposal extends SuspendedToolProposal {
  status: ProposalStatus;
  /** Four eyes: the rule and the distinct approvals received so far (oldest first). */
  approvals?: ApprovalProgress;
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
  /**
   * Four-eyes proposals: the progress after this decision. While
   * `approvals.received.length < approvals.required` the decision was recorded as one vote
   * and is not a live grant yet (`usesLeft` 0, nothing to consume).
   */
  approvals?: ApprovalProgress;
}

/**
 * A human's decision on a pending proposal, passed to {@link ApprovalStore.decide}.
 * Stores validate it and throw {@link ApprovalError} with code `invalid_decision`,
 * `invalid_approver` (empty or over 200 characters), `invalid_note` (over 2000 characters),
 * `invalid_ttl` (`ttlMs` not an integer from 1 to `MAX_GRANT_TTL_MS`), `invalid_expiry`
 * (not a date, later than the store's clock plus `MAX_GRANT_TTL_MS`, or given with `ttlMs`),
 * `expiry_in_past`, `invalid_uses` (not an integer from 1 to 1000) or `invalid_groups`; for
 * four-eyes proposals also `approver_not_in_group`, `requester_cannot_approve` and
 * `duplicate_approval` (the same approver never counts twice). Nothing is recorded then.
 * Lifetimes follow the store's clock (the database clock for SQL), never the caller's.
 */
export interface ApprovalDecisionInput {
  decision: 'approve' | 'reject';
  approver: string;
  note?: string;
  /**
   * How long the grant stays valid, in milliseconds (integer, 1 to `MAX_GRANT_TTL_MS`).
   * The store adds it to its own clock. Prefer it over `expiresAt`. Default: one hour.
   */
  ttlMs?: number;
  /**
   * Absolute expiry, kept for compatibility: must be after the store's clock and at most
   * `MAX_GRANT_TTL_MS` after it (refused, never clamped). Not together with `ttlMs`.
   */
  expiresAt?: Date | string;
  /** How many executions the grant allows. Default 1. */
  uses?: number;
  /**
   * The id of the proposal the approver was shown. When given, the decision applies only
   * if that exact proposal is the pending one for the hash (`proposal_not_pending`
   * otherwise), so a stale screen can never decide an identical call proposed later.
   */
  proposalId?: string;
  /**
   * The groups the approver belongs to, as your identity system knows them (never from a
   * request body): checked against a four-eyes `approvals.group`.
   */
  groups?: readonly string[];
}

/** What `peek` sees for a binding hash, without using anything up. */
export type PeekResult =
  | { live: true; grant: ApprovalGrant }
  | { live: false; reason: 'no_grant' | 'expired' | 'used_up' | 'rejected' };

/**
 * Result of {@link ApprovalStore.consume}: the approve grant one use was taken from, or why
 * no use could be taken (a live reject for the same binding hash wins over a live approve).
 */
export type ConsumeResult =
  | { ok: true; grant: ApprovalGrant }
  | { ok: false; reason: 'no_grant' | 'expired' | 'used_up' | 'rejected' };

/** Who consumes, passed to {@link ApprovalStore.consume}. */
export interface ConsumeOptions {
  /** The agent whose call is about to run (the authorizer's `agent`). */
  agent: string;
}

/** Filter for {@link ApprovalStore.listProposals}. Results are newest first. */
export interface ListProposalsFilter {
  /** Only proposals in this status. Default `all`. */
  status?: ProposalStatus | 'all';
  /** At most this many proposals. Default: no limit in the memory store. */
  limit?: number;
  /**
   * Only proposals with this proposal hash (64 lowercase hex; `invalid_proposal_hash`
   * otherwise), in any status unless `status` says: the indexed lookup behind the kit's
   * replay check. A store that predates the filter returns the unfiltered list, so callers
   * still check each row's hash.
   */
  proposalHash?: string;
}

/**
 * Where proposals wait and grants live. Implementations: memory (core),
 * SQL (`@argseal/postgres`), HTTP (`@argseal/console`).
 *
 * Contract (checked by the test-kit conformance suite):
 * - `suspend` stores a pending proposal; when a pending proposal with the same
 *   `proposalHash` exists it is returned instead (no duplicates). Either way the call is
 *   recorded for {@link ApprovalStore.latestProposalForCall}.
 * - `decide` decides the pending proposal with that hash exactly once; a four-eyes proposal
 *   (`approvals`) records one vote per distinct approver and is approved only at
 *   `approvals.required` of them, while any allowed reject ends it.
 * - `consume` atomically takes one use of a live approve grant for a binding hash and agent.
 */
export interface ApprovalStore {
  suspend(proposal: SuspendedToolProposal): Promise<StoredProposal>;
  getProposal(id: string): Promise<StoredProposal | undefined>;
  findPending(proposalHash: string): Promise<StoredProposal | undefined>;
  listProposals(filter?: ListProposalsFilter): Promise<StoredProposal[]>;
  listPending(): Promise<StoredProposal[]>;
  /**
   * The newest proposal this call (agent, tool, toolCallId) was suspended as, or undefined.
   * When `suspend` returned a pending twin for the call, that twin is the answer (its own
   * `toolCallId` is the first call's). An indexed, bounded lookup in every store; a malformed
   * reference throws `invalid_call_ref`.
   */
  latestProposalForCall(call: ProposalCallRef): Promise<StoredProposal | undefined>;
  decide(proposalHash: string, input: ApprovalDecisionInput): Promise<ApprovalGrant>;
  /**
   * Atomically takes one use of a live approve grant for `bindingHash` whose proposal
   * belongs to `consumer.agent`: the agent is part of the atomic step, so one agent can never
   * use up another agent's grant (it sees `no_grant`). A missing or empty agent throws
   * `invalid_agent` and nothing is consumed.
   */
  consume(bindingHash: string, consumer: ConsumeOptions): Promise<ConsumeResult>;
  /**
   * Reports whether `consume` would succeed now, without consuming. For approval gates
   * that run before execution (OpenAI Agents `needsApproval`, AI SDK `toolApproval`).
   * Same precedence as `consume`: a live reject wins over a live approve.
   */
  peek(bindingHash: string): Promise<PeekResult>;
}
