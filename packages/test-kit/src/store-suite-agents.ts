import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal } from './store-fixtures.js';

async function approved(fx: () => ApprovalStoreFixture, uses = 1) {
  const { store } = fx();
  const proposal = await makeProposal();
  await store.suspend(proposal);
  await store.decide(proposal.proposalHash, { decision: 'approve', approver: 'alice', uses });
  return proposal;
}

/** consume is bound to the agent inside the atomic step (issue 14 item 2). */
export function agentCases(fx: () => ApprovalStoreFixture): void {
  it("another agent's consume finds no grant and uses nothing up", async () => {
    const { store } = fx();
    const proposal = await approved(fx);
    const thief = { agent: `${proposal.agent}-thief` };
    expect(await store.consume(proposal.bindingHash, thief)).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    expect(await store.peek(proposal.bindingHash)).toMatchObject({
      live: true,
      grant: { usesLeft: 1 },
    });
    expect((await store.getProposal(proposal.id))?.status).toBe('approved');
    const own = await store.consume(proposal.bindingHash, { agent: proposal.agent });
    expect(own).toMatchObject({ ok: true, grant: { proposalId: proposal.id, usesLeft: 0 } });
  });

  it('consume without a valid agent is invalid_agent and consumes nothing', async () => {
    const { store } = fx();
    const proposal = await approved(fx);
    for (const consumer of [
      undefined,
      null,
      {},
      { agent: '' },
      { agent: 5 },
      { agent: 'a'.repeat(1025) },
    ]) {
      await expectCode(
        () => store.consume(proposal.bindingHash, consumer as never),
        'invalid_agent',
      );
    }
    await expectCode(() => store.consume('bad', undefined as never), 'invalid_binding_hash');
    expect(await store.peek(proposal.bindingHash)).toMatchObject({
      live: true,
      grant: { usesLeft: 1 },
    });
  });

  it('two agents x 40 parallel consumers of a single-use grant: only its own agent wins, once', async () => {
    const { store } = fx();
    const proposal = await approved(fx);
    const thief = { agent: `${proposal.agent}-thief` };
    const owner = { agent: proposal.agent };
    const calls = Array.from({ length: 80 }, (_, i) => ({ who: i % 2 ? 'thief' : 'owner' }));
    const results = await Promise.all(
      calls.map((c) => store.consume(proposal.bindingHash, c.who === 'thief' ? thief : owner)),
    );
    const wins = results.filter((r, i) => r.ok && calls[i]!.who === 'owner');
    expect(wins).toHaveLength(1);
    results.forEach((r, i) => {
      if (calls[i]!.who === 'thief') expect(r).toEqual({ ok: false, reason: 'no_grant' });
      else if (!r.ok) expect(r.reason).toBe('used_up');
    });
    expect((await store.getProposal(proposal.id))?.status).toBe('consumed');
  });

  it('two agents x 30 parallel consumers of a 5-use grant: exactly five wins, all its own', async () => {
    const { store } = fx();
    const proposal = await approved(fx, 5);
    const thief = { agent: `${proposal.agent}-thief` };
    const owner = { agent: proposal.agent };
    const who = Array.from({ length: 60 }, (_, i) => (i % 2 ? thief : owner));
    const results = await Promise.all(who.map((w) => store.consume(proposal.bindingHash, w)));
    const wins = results.filter((r) => r.ok);
    expect(wins).toHaveLength(5);
    results.forEach((r, i) => {
      if (who[i] === thief) expect(r.ok).toBe(false);
    });
  });
}
