import {
  ApprovalError,
  type ApprovalStore,
  type AuditSink,
  assertKnownOptions,
} from '@argseal/core';
import {
  type ApprovalDecisionInput,
  type ApprovalGrant,
  assertCallRef,
  assertConsumeOptions,
  type ConsumeOptions,
  type ConsumeResult,
  decisionEvent,
  type ListProposalsFilter,
  type PeekResult,
  type ProposalCallRef,
  type SuspendedToolProposal,
} from '@argseal/core/store';
import { isStatementFailure, toApprovalError } from '../errors.js';
import { runnerFor, type SqlQueryable } from '../sql/db.js';
import { PROPOSALS, proposalColumns, READ_PROPOSAL_COLUMNS } from '../sql/text.js';
import { consumeGrant, peekGrant } from './consume.js';
import { type ConsumeRequest, consumeMany } from './consume-many.js';
import { type DecideRequest, decideProposal, decideRequest } from './decide.js';
import { decideMany } from './decide-many.js';
import { listProposals } from './list.js';
import { createOpBatcher } from './op-batcher.js';
import { toProposal } from './rows.js';
import { checkSupersedes, latestForCall, suspendChecked } from './suspend.js';
import { suspendMany } from './suspend-many.js';
import { assertHash, assertProposal, DEFAULT_GRANT_TTL_MS } from './validate.js';

/** Options of {@link createSqlApprovalStore}. */
export interface SqlApprovalStoreOptions {
  /** Receives approval_granted / approval_rejected events (as core's memory store). */
  audit?: AuditSink;
  /** Lifetime of a grant decided without `ttlMs` or `expiresAt`, from the database clock. Default one hour. */
  defaultGrantTtlMs?: number;
}

/** Operations per shared statement, and shared statements of one kind in flight. */
const BATCH_ITEMS = 64;
const BATCH_DEPTH = 2;

const SELECT_PENDING = `SELECT ${proposalColumns()} FROM argseal_proposals
  WHERE proposal_hash = $1 AND status = 'pending'`;

/**
 * An `ApprovalStore` in SQL (PostgreSQL via `pg`, or PGlite). Run `migrate(db)` first.
 * Safe for many workers on one PostgreSQL database: suspend dedupes through a unique
 * index, decide and consume are single atomic statements (a four-eyes vote: one transaction
 * under the proposal's row lock), expiry uses the database clock.
 */
export function createSqlApprovalStore(
  db: SqlQueryable,
  options: SqlApprovalStoreOptions = {},
): ApprovalStore {
  assertKnownOptions('createSqlApprovalStore', options, ['audit', 'defaultGrantTtlMs']);
  const runner = runnerFor(db);
  const audit = options.audit;
  const ttlMs = options.defaultGrantTtlMs ?? DEFAULT_GRANT_TTL_MS;
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new ApprovalError('invalid_grant_ttl', 'defaultGrantTtlMs must be a positive integer');
  }

  // Concurrent suspends, decisions and consumes share statements (see createOpBatcher).
  const batching = { maxItems: BATCH_ITEMS, depth: BATCH_DEPTH, retryAlone: isStatementFailure };
  const suspendOne = createOpBatcher({
    ...batching,
    key: (p: SuspendedToolProposal) => p.proposalHash,
    one: (p) => suspendChecked(runner, p),
    many: (ps) => suspendMany(runner, ps),
  });
  const decideOne = createOpBatcher({
    ...batching,
    key: (r: DecideRequest) => r.proposalHash,
    one: (r) => decideProposal(runner, r, ttlMs),
    many: (rs) => decideMany(runner, rs, ttlMs),
  });
  const consumeOne = createOpBatcher({
    ...batching,
    key: (r: ConsumeRequest) => r.bindingHash,
    one: (r) => consumeGrant(runner, r.bindingHash, r.agent),
    many: (rs) => consumeMany(runner, rs),
  });

  async function guarded<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw toApprovalError(error, operation);
    }
  }

  return {
    async suspend(proposal: SuspendedToolProposal) {
      assertProposal(proposal);
      return guarded('suspend', async () => {
        await checkSupersedes(runner, proposal);
        return suspendOne(proposal);
      });
    },

    async getProposal(id: string) {
      if (typeof id !== 'string')
        throw new ApprovalError('invalid_proposal_id', 'id must be a string');
      return guarded('getProposal', async () => {
        const rows = await runner.query(
          `SELECT ${READ_PROPOSAL_COLUMNS} FROM ${PROPOSALS} WHERE id = $1`,
          [id],
        );
        return rows[0] ? toProposal(rows[0]) : undefined;
      });
    },

    async findPending(proposalHash: string) {
      assertHash(proposalHash);
      return guarded('findPending', async () => {
        const rows = await runner.query(SELECT_PENDING, [proposalHash]);
        return rows[0] ? toProposal(rows[0]) : undefined;
      });
    },

    listProposals(filter?: ListProposalsFilter) {
      return guarded('listProposals', () => listProposals(runner, filter));
    },

    listPending() {
      return guarded('listPending', () => listProposals(runner, { status: 'pending' }));
    },

    async latestProposalForCall(call: ProposalCallRef) {
      assertCallRef(call);
      return guarded('latestProposalForCall', () =>
        latestForCall(runner, call.agent, call.tool, call.toolCallId),
      );
    },

    async decide(proposalHash: string, input: ApprovalDecisionInput): Promise<ApprovalGrant> {
      assertHash(proposalHash);
      const { grant, proposal } = await guarded('decide', async () => {
        const request = await decideRequest(runner, proposalHash, input);
        // a given expiresAt was judged against a clock read: decided alone, right after
        return request.expiresAt === null
          ? decideOne(request)
          : decideProposal(runner, request, ttlMs);
      });
      await audit?.append(decisionEvent(proposal, grant));
      return grant;
    },

    async consume(bindingHash: string, consumer: ConsumeOptions): Promise<ConsumeResult> {
      assertHash(bindingHash, 'invalid_binding_hash');
      assertConsumeOptions(consumer);
      return guarded('consume', () => consumeOne({ bindingHash, agent: consumer.agent }));
    },

    async peek(bindingHash: string): Promise<PeekResult> {
      assertHash(bindingHash, 'invalid_binding_hash');
      return guarded('peek', () => peekGrant(runner, bindingHash));
    },
  };
}
