import { ApprovalError, type StoredProposal } from '@argseal/core';
import { RunState } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { runAgent } from './__fixtures__/harness.js';
import { functionCall } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';
import { ArgsealAgentsError } from './errors.js';

const BIG = '{"orderId":"o-1","amount":25000}';

async function paused(mode: 'generate' | 'stream' = 'generate') {
  const w = supportWorld([[functionCall('c1', 'refund', BIG)]]);
  const first = await runAgent(w.agent, 'refund', mode);
  expect(first.interruptions).toHaveLength(1);
  const [original] = await w.approvals.listPending();
  return { w, text: first.state.toString(), original: original! };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (e) {
    if (ArgsealAgentsError.isInstance(e) || ApprovalError.isInstance(e)) return e.code;
    return `not-argseal:${String(e)}`;
  }
  return undefined;
}

/** Nothing was decided or added: the original is the only proposal and still pending. */
async function untouched(w: ReturnType<typeof supportWorld>, original: StoredProposal) {
  const all = await w.approvals.listProposals({ status: 'all' });
  expect(all.map((p) => [p.id, p.status])).toEqual([[original.id, 'pending']]);
}

describe.each(['generate', 'stream'] as const)('seal.edit (%s)', (mode) => {
  it('edited arguments: a new proposal superseding the original, approved by hash, run once; replay runs nothing', async () => {
    const { w, text, original } = await paused(mode);
    const state = await RunState.fromString(w.agent, text);
    const edited = { orderId: 'o-1', amount: 20000 };
    const { grant, proposal } = await w.seal.edit(state, 'c1', {
      approver: 'alice',
      note: 'partial refund',
      arguments: edited,
    });
    expect(proposal.supersedes).toBe(original.id);
    expect(proposal.toolCallId).toBe('c1');
    expect(proposal.proposalHash).not.toBe(original.proposalHash);
    expect(grant.proposalId).toBe(proposal.id);
    expect((await w.approvals.getProposal(original.id))?.status).toBe('rejected');
    expect((await w.approvals.getProposal(proposal.id))?.status).toBe('approved');

    // resumed elsewhere from the stored text: the edited call runs, once
    const resumed = await RunState.fromString(w.agent, state.toString());
    await runAgent(w.agent, resumed, mode);
    expect(w.executions.map((e) => e.input)).toEqual([edited]);
    expect((await w.approvals.getProposal(proposal.id))?.status).toBe('consumed');
    const consumed = (await w.audit.records()).filter((r) => r.type === 'approval_consumed');
    expect(consumed.map((r) => r.proposalHash)).toEqual([proposal.proposalHash]);

    await runAgent(w.agent, await RunState.fromString(w.agent, state.toString()), mode);
    expect(w.executions).toHaveLength(1);
  });

  it('an edit the policy allows outright still binds the call: the edited arguments run', async () => {
    const { w, text, original } = await paused(mode);
    const state = await RunState.fromString(w.agent, text);
    const { proposal } = await w.seal.edit(state, 'c1', {
      approver: 'alice',
      arguments: { orderId: 'o-1', amount: 5000 },
    });
    expect(proposal.supersedes).toBe(original.id);
    await runAgent(w.agent, state, mode);
    expect(w.executions.map((e) => e.input)).toEqual([{ orderId: 'o-1', amount: 5000 }]);
  });
});

describe('seal.edit bad input: exact code, nothing decided, nothing runs', () => {
  it('an unknown interruption', async () => {
    const { w, text, original } = await paused();
    const state = await RunState.fromString(w.agent, text);
    const edit = { approver: 'alice', arguments: { orderId: 'o-1', amount: 20000 } };
    expect(await codeOf(w.seal.edit(state, 'nope', edit))).toBe('interruption_not_found');
    await untouched(w, original);
  });

  it('a proposal that was already decided and consumed', async () => {
    const { w, text, original } = await paused();
    const state = await RunState.fromString(w.agent, text);
    await w.seal.approve(state, 'c1', { approver: 'bob' });
    await runAgent(w.agent, state, 'generate');
    expect(w.executions).toHaveLength(1);
    const again = await RunState.fromString(w.agent, text);
    const edit = { approver: 'alice', arguments: { orderId: 'o-1', amount: 20000 } };
    expect(await codeOf(w.seal.edit(again, 'c1', edit))).toBe('proposal_not_found');
    const all = await w.approvals.listProposals({ status: 'all' });
    expect(all.map((p) => [p.id, p.status])).toEqual([[original.id, 'consumed']]);
    await runAgent(w.agent, again, 'generate');
    expect(w.executions).toHaveLength(1);
  });

  it.each([
    ['a schema violation', { orderId: 'o-1', amount: -5 }],
    ['not an object', [20000]],
    ['an unsafe integer', { orderId: 'o-1', amount: 2 ** 60 }],
  ])('edited arguments with %s', async (_label, args) => {
    const { w, text, original } = await paused();
    const state = await RunState.fromString(w.agent, text);
    const edit = { approver: 'alice', arguments: args };
    expect(await codeOf(w.seal.edit(state, 'c1', edit))).toBe('invalid_arguments');
    await untouched(w, original);
    expect(state.getInterruptions()).toHaveLength(1);
    await runAgent(w.agent, await RunState.fromString(w.agent, text), 'generate');
    expect(w.executions).toHaveLength(0);
  });

  it('a bad decision (empty approver) is the store rule error', async () => {
    const { w, text, original } = await paused();
    const state = await RunState.fromString(w.agent, text);
    const edit = { approver: '', arguments: { orderId: 'o-1', amount: 20000 } };
    expect(await codeOf(w.seal.edit(state, 'c1', edit))).toBe('invalid_approver');
    await untouched(w, original);
  });
});
