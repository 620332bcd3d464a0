import type { ApprovalStore } from '@argseal/core';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal, sameCall } from './store-fixtures.js';

const ref = (p: { agent: string; tool: string; toolCallId: string }) => ({
  agent: p.agent,
  tool: p.tool,
  toolCallId: p.toolCallId,
});

async function snapshot(store: ApprovalStore) {
  return JSON.stringify(await store.listProposals({ status: 'all' }));
}

/** latestProposalForCall and edits (`supersedes`). */
export function callCases(fx: () => ApprovalStoreFixture): void {
  it('latestProposalForCall finds the proposal a call was suspended as, and nothing else', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    const stored = await store.suspend(proposal);
    expect(await store.latestProposalForCall(ref(proposal))).toEqual(stored);
    for (const other of [
      { ...ref(proposal), toolCallId: `${proposal.toolCallId}-x` },
      { ...ref(proposal), tool: `${proposal.tool}-x` },
      { ...ref(proposal), agent: `${proposal.agent}-x` },
    ]) {
      expect(await store.latestProposalForCall(other)).toBeUndefined();
    }
  });

  it('a call deduped onto a pending twin resolves to that twin', async () => {
    const { store } = fx();
    const first = await makeProposal();
    const a = await store.suspend(first);
    const again = sameCall(first);
    await store.suspend(again);
    const found = await store.latestProposalForCall(ref(again));
    expect(found?.id).toBe(a.id);
    expect(found?.toolCallId).toBe(first.toolCallId);
    // suspending the same call again and again keeps one answer
    for (let i = 0; i < 3; i++) await store.suspend(again);
    expect((await store.latestProposalForCall(ref(again)))?.id).toBe(a.id);
  });

  it('the newest proposal of a call wins and carries its current status', async () => {
    const { store } = fx();
    const first = await makeProposal({ args: { amount: 100, orderId: 'o-latest' } });
    await store.suspend(first);
    await store.decide(first.proposalHash, { decision: 'approve', approver: 'alice' });
    expect((await store.latestProposalForCall(ref(first)))?.status).toBe('approved');
    const changed = await makeProposal({
      agent: first.agent,
      toolCallId: first.toolCallId,
      args: { amount: 999, orderId: 'o-latest' },
    });
    await store.suspend(changed);
    const found = await store.latestProposalForCall(ref(first));
    expect(found).toMatchObject({ id: changed.id, status: 'pending' });
    expect(found?.proposalHash).toBe(changed.proposalHash);
    // going back to the first arguments: a new proposal with the first hash is the newest
    const back = { ...first, id: `${first.id}-back` };
    await store.suspend(back);
    expect(await store.latestProposalForCall(ref(first))).toMatchObject({
      id: back.id,
      proposalHash: first.proposalHash,
      status: 'pending',
    });
  });

  it('an edit is a new proposal that names the one it replaces', async () => {
    const { store } = fx();
    const original = await makeProposal({ args: { amount: 500, orderId: 'o-edit' } });
    await store.suspend(original);
    const edit = {
      ...(await makeProposal({
        agent: original.agent,
        toolCallId: original.toolCallId,
        args: { amount: 50, orderId: 'o-edit' },
      })),
      supersedes: original.id,
    };
    const stored = await store.suspend(edit);
    expect(stored).toMatchObject({ id: edit.id, supersedes: original.id, status: 'pending' });
    expect(stored.proposalHash).not.toBe(original.proposalHash);
    expect((await store.getProposal(edit.id))?.supersedes).toBe(original.id);
    expect((await store.getProposal(original.id))?.supersedes).toBeUndefined();
    expect((await store.latestProposalForCall(ref(original)))?.id).toBe(edit.id);
    // each has its own decision
    await store.decide(edit.proposalHash, { decision: 'approve', approver: 'alice' });
    expect((await store.getProposal(original.id))?.status).toBe('pending');
    expect(await store.peek(original.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
  });

  it('supersedes naming a missing, foreign or own proposal is invalid_supersedes, nothing stored', async () => {
    const { store } = fx();
    const mine = await makeProposal();
    await store.suspend(mine);
    const foreign = await makeProposal();
    await store.suspend(foreign);
    const otherTool = await makeProposal({ agent: mine.agent, tool: 'wire' });
    await store.suspend(otherTool);
    const before = await snapshot(store);
    const edit = await makeProposal({ agent: mine.agent });
    for (const supersedes of ['no-such-proposal', foreign.id, otherTool.id, edit.id, '', 7]) {
      await expectCode(() => store.suspend({ ...edit, supersedes } as never), 'invalid_supersedes');
    }
    expect(await snapshot(store)).toBe(before);
    expect(await store.latestProposalForCall(ref(edit))).toBeUndefined();
  });

  it('malformed call references are refused with invalid_call_ref', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const good = ref(proposal);
    const bad: unknown[] = [
      null,
      undefined,
      'call',
      {},
      { ...good, agent: '' },
      { ...good, tool: 7 },
      { ...good, toolCallId: undefined },
      { ...good, toolCallId: 'x'.repeat(1025) },
      { agent: good.agent, tool: good.tool },
    ];
    const before = await snapshot(store);
    for (const call of bad) {
      await expectCode(() => store.latestProposalForCall(call as never), 'invalid_call_ref');
    }
    expect(await snapshot(store)).toBe(before);
  });
}
