import type { AuditSink } from '../audit/types.js';
import { ApprovalError } from '../errors.js';
import { decodeCanonical } from '../json/canonicalize.js';
import { assertKnownOptions } from '../options/known-options.js';
import { assertCallRef, assertSupersedes, callKey } from './call-ref.js';
import { assertConsumeOptions } from './consume-options.js';
import { decisionEvent } from './decision-event.js';
import { checkFourEyes, checkVote } from './four-eyes.js';
import { createGrantTable } from './memory-grants.js';
import type {
  ApprovalDecisionInput,
  ApprovalGrant,
  ApprovalStore,
  ConsumeOptions,
  ConsumeResult,
  ListProposalsFilter,
  PeekResult,
  ProposalCallRef,
  StoredProposal,
  SuspendedToolProposal,
} from './types.js';
import { assertHash, assertProposal, DEFAULT_GRANT_TTL_MS, normalizeDecision } from './validate.js';

/** Options of {@link createMemoryApprovalStore}. */
export interface MemoryApprovalStoreOptions {
  /** Receives approval_granted / approval_rejected events. */
  audit?: AuditSink;
  /** Clock for decisions, expiry and grant lookups; defaults to `() => new Date()`. */
  now?: () => Date;
  /** Lifetime of a grant decided without `ttlMs` or `expiresAt`. Default one hour. */
  defaultGrantTtlMs?: number;
}

type Row = Omit<StoredProposal, 'parsedArguments'>;

/** A detached copy: callers can never change what the store keeps. */
function toStored(row: Row): StoredProposal {
  return { ...structuredClone(row), parsedArguments: decodeCanonical(row.argsCanonicalJson) };
}

/** A decision on `row` as a grant without a lifetime (a four-eyes vote, until complete). */
function voteOf(
  row: Row,
  d: { decision: 'approve' | 'reject'; approver: string; note: string | undefined },
  at: Date,
): ApprovalGrant {
  return {
    proposalId: row.id,
    proposalHash: row.proposalHash,
    bindingHash: row.bindingHash,
    decision: d.decision,
    approver: d.approver,
    ...(d.note !== undefined ? { note: d.note } : {}),
    grantedAt: at.toISOString(),
    usesLeft: 0,
    ...(row.approvals ? { approvals: structuredClone(row.approvals) } : {}),
  };
}

/**
 * An in-process approval store. Every operation completes synchronously inside its
 * promise, so `consume` is atomic within the process. For many workers use
 * `@argseal/postgres`.
 */
export function createMemoryApprovalStore(options?: MemoryApprovalStoreOptions): ApprovalStore {
  assertKnownOptions('createMemoryApprovalStore', options, ['audit', 'now', 'defaultGrantTtlMs']);
  const now = options?.now ?? (() => new Date());
  const ttl = options?.defaultGrantTtlMs ?? DEFAULT_GRANT_TTL_MS;
  const rows = new Map<string, Row>();
  const grants = createGrantTable(now);
  /** Latest proposal id per call (agent, tool, toolCallId): the index behind latestProposalForCall. */
  const calls = new Map<string, string>();

  function effectiveStatus(row: Row): Row {
    if (row.status !== 'approved') return row;
    const g = grants.forProposal(row.id);
    if (g?.expiresAt && Date.parse(g.expiresAt) <= now().getTime())
      return { ...row, status: 'expired' };
    return row;
  }

  function pendingByHash(hash: string): Row | undefined {
    for (const row of rows.values())
      if (row.status === 'pending' && row.proposalHash === hash) return row;
    return undefined;
  }

  /** Smallest `uses` any approver of a four-eyes proposal asked for: the grant gets that. */
  const voteUses = new Map<string, number>();

  /** Appends the decision's audit event; returns a detached copy of the grant. */
  async function record(row: Row, grant: ApprovalGrant): Promise<ApprovalGrant> {
    await options?.audit?.append(decisionEvent(row, grant));
    return structuredClone(grant);
  }

  return {
    async suspend(proposal: SuspendedToolProposal) {
      assertProposal(proposal);
      const existing = pendingByHash(proposal.proposalHash);
      if (existing) {
        calls.set(callKey(proposal), existing.id);
        return toStored(existing);
      }
      if (rows.has(proposal.id))
        throw new ApprovalError('duplicate_proposal_id', 'a proposal with this id exists');
      if (proposal.supersedes !== undefined)
        assertSupersedes(proposal, rows.get(proposal.supersedes));
      const rule = checkFourEyes(proposal);
      const { parsedArguments: _drop, approvals: _rule, ...rest } = proposal;
      const row: Row = {
        ...structuredClone(rest),
        ...(rule ? { approvals: { ...rule, received: [] } } : {}),
        status: 'pending',
      };
      rows.set(row.id, row);
      calls.set(callKey(proposal), row.id);
      return toStored(row);
    },
    async getProposal(id: string) {
      if (typeof id !== 'string')
        throw new ApprovalError('invalid_proposal_id', 'id must be a string');
      const row = rows.get(id);
      return row ? toStored(effectiveStatus(row)) : undefined;
    },
    async findPending(hash: string) {
      assertHash(hash);
      const row = pendingByHash(hash);
      return row ? toStored(row) : undefined;
    },
    async listProposals(filter?: ListProposalsFilter) {
      const status = filter?.status ?? 'all';
      const hash = filter?.proposalHash;
      if (hash !== undefined) assertHash(hash);
      const out = [...rows.values()]
        .filter((r) => hash === undefined || r.proposalHash === hash)
        .map(effectiveStatus)
        .filter((r) => status === 'all' || r.status === status)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
      return out.slice(0, filter?.limit ?? out.length).map(toStored);
    },
    async listPending() {
      return this.listProposals({ status: 'pending' });
    },
    async latestProposalForCall(call: ProposalCallRef) {
      assertCallRef(call);
      const id = calls.get(callKey(call));
      const row = id === undefined ? undefined : rows.get(id);
      return row ? toStored(effectiveStatus(row)) : undefined;
    },
    async decide(hash: string, input: ApprovalDecisionInput) {
      assertHash(hash);
      const at = now();
      const d = normalizeDecision(input, at);
      const pending = pendingByHash(hash);
      // a decision for a proposal the approver saw binds to that proposal, not to a later twin
      const row = d.proposalId !== undefined && pending?.id !== d.proposalId ? undefined : pending;
      if (!row) {
        const known = [...rows.values()].some((r) => r.proposalHash === hash);
        throw known
          ? new ApprovalError(
              'proposal_not_pending',
              'the proposal with this hash is already decided',
            )
          : new ApprovalError('proposal_not_found', 'no proposal with this hash');
      }
      const votes = row.approvals;
      let uses = d.uses;
      if (votes) {
        // check and record in one synchronous step: racing approvers cannot double-count
        const complete = checkVote(votes, row.requester, votes.received, d);
        if (d.decision === 'approve') {
          votes.received.push({ approver: d.approver, at: at.toISOString() });
          uses = Math.min(voteUses.get(row.id) ?? uses, uses);
          voteUses.set(row.id, uses);
          if (!complete) return record(row, voteOf(row, d, at));
        }
      }
      const grant: ApprovalGrant = {
        ...voteOf(row, d, at),
        expiresAt: (d.expiresAt ?? new Date(at.getTime() + (d.ttlMs ?? ttl))).toISOString(),
        usesLeft: d.decision === 'approve' ? uses : 0,
      };
      row.status = d.decision === 'approve' ? 'approved' : 'rejected';
      row.decidedBy = d.approver;
      row.decidedAt = grant.grantedAt;
      if (d.note !== undefined) row.note = d.note;
      grants.add(grant, row.agent);
      return record(row, grant);
    },
    async consume(bindingHash: string, consumer: ConsumeOptions): Promise<ConsumeResult> {
      assertHash(bindingHash, 'invalid_binding_hash');
      assertConsumeOptions(consumer);
      const found = grants.lookup(bindingHash, consumer.agent);
      if (!found.grant) return { ok: false, reason: found.reason };
      const grant = found.grant;
      grant.usesLeft -= 1;
      if (grant.usesLeft === 0) {
        const row = rows.get(grant.proposalId);
        if (row) row.status = 'consumed';
      }
      return { ok: true, grant: { ...grant } };
    },
    async peek(bindingHash: string): Promise<PeekResult> {
      assertHash(bindingHash, 'invalid_binding_hash');
      const found = grants.lookup(bindingHash);
      return found.grant
        ? { live: true, grant: { ...found.grant } }
        : { live: false, reason: found.reason };
    },
  };
}
