import { ApprovalError, type ApprovalStore, type StoredProposal } from '@argseal/core';
import { decodeCanonical } from '@argseal/core/data';
import {
  assertCallRef,
  assertConsumeOptions,
  assertHash,
  type ConsumeOptions,
  type ConsumeResult,
  type PeekResult,
  type ProposalCallRef,
  type SuspendedToolProposal,
} from '@argseal/core/store';
import { ConsoleError } from '../errors.js';
import type { ProposalView } from '../proposal-view.js';
import { type ConsoleClientOptions, createConsoleRequest } from './http-client.js';

const withArgs = (view: ProposalView): StoredProposal => ({
  ...view,
  parsedArguments: decodeCanonical(view.argsCanonicalJson),
});

/**
 * An `ApprovalStore` for agents in other processes: every call goes to a console's agent API
 * with an agent token. `decide` is refused (`decide_not_allowed`): people decide in the console.
 * Refusals carry the same codes as the in-process stores.
 */
export function createConsoleApprovalStore(options: ConsoleClientOptions): ApprovalStore {
  const request = createConsoleRequest(options);
  return {
    async suspend(proposal: SuspendedToolProposal) {
      const { proposal: stored } = (await request(
        'POST',
        '/api/agent/proposals',
        proposal ?? null,
      )) as { proposal: ProposalView };
      return withArgs(stored);
    },
    async getProposal(id: string) {
      if (typeof id !== 'string')
        throw new ApprovalError('invalid_proposal_id', 'id must be a string');
      if (id === '') return undefined;
      try {
        const { proposal } = (await request(
          'GET',
          `/api/agent/proposals/${encodeURIComponent(id)}`,
        )) as { proposal: ProposalView };
        return withArgs(proposal);
      } catch (error) {
        if (ConsoleError.isInstance(error) && error.code === 'proposal_not_found') return undefined;
        throw error;
      }
    },
    async findPending(proposalHash: string) {
      assertHash(proposalHash);
      const { proposal } = (await request('GET', `/api/agent/pending/${proposalHash}`)) as {
        proposal: ProposalView | null;
      };
      return proposal ? withArgs(proposal) : undefined;
    },
    async listProposals(filter) {
      const q = new URLSearchParams({ status: filter?.status ?? 'all' });
      if (filter?.limit !== undefined) q.set('limit', String(filter.limit));
      if (filter?.proposalHash !== undefined) {
        assertHash(filter.proposalHash);
        q.set('proposalHash', filter.proposalHash);
      }
      const { proposals } = (await request('GET', `/api/agent/proposals?${q}`)) as {
        proposals: ProposalView[];
      };
      return proposals.map(withArgs);
    },
    async listPending() {
      return this.listProposals({ status: 'pending' });
    },
    async latestProposalForCall(call: ProposalCallRef) {
      assertCallRef(call);
      const q = new URLSearchParams({
        agent: call.agent,
        tool: call.tool,
        toolCallId: call.toolCallId,
      });
      const { proposal } = (await request('GET', `/api/agent/calls/latest?${q}`)) as {
        proposal: ProposalView | null;
      };
      return proposal ? withArgs(proposal) : undefined;
    },
    async decide() {
      throw new ConsoleError(
        'decide_not_allowed',
        'agents cannot decide proposals; an approver decides in the console',
        {
          status: 403,
        },
      );
    },
    async consume(bindingHash: string, consumer: ConsumeOptions) {
      assertHash(bindingHash, 'invalid_binding_hash');
      assertConsumeOptions(consumer);
      return (await request('POST', '/api/agent/consume', {
        bindingHash,
        agent: consumer.agent,
      })) as ConsumeResult;
    },
    async peek(bindingHash: string) {
      assertHash(bindingHash, 'invalid_binding_hash');
      return (await request('POST', '/api/agent/peek', { bindingHash })) as PeekResult;
    },
  };
}
