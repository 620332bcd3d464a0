import type { ApprovalStore, SuspendedToolProposal } from '@argseal/core/store';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal, sameCall } from './store-fixtures.js';

type Rule = { required?: number; group?: string; excludeRequester?: boolean };

async function fourEyes(rule: Rule, requester?: string): Promise<SuspendedToolProposal> {
  return {
    ...(await makeProposal()),
    approvals: rule,
    ...(requester !== undefined ? { requester } : {}),
  };
}

async function snapshot(store: ApprovalStore) {
  return JSON.stringify(await store.listProposals({ status: 'all' }));
}

const approve = (approver: string, extra: Record<string, unknown> = {}) => ({
  decision: 'approve' as const,
  approver,
  ...extra,
});

/** Four eyes: N distinct approvers, a named group, the requester barred; enforced by the store. */
export function fourEyesCases(fx: () => ApprovalStoreFixture): void {
  it('the grant is live only at the required number of distinct approvals', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2 });
    const stored = await store.suspend(p);
    expect(stored.approvals).toEqual({ required: 2, received: [] });
    const first = await store.decide(p.proposalHash, approve('alice'));
    expect(first).toMatchObject({ decision: 'approve', approver: 'alice', usesLeft: 0 });
    expect(first.approvals).toMatchObject({ required: 2, received: [{ approver: 'alice' }] });
    expect(Number.isNaN(Date.parse(String(first.approvals?.received[0]?.at)))).toBe(false);
    const waiting = await store.getProposal(p.id);
    expect(waiting?.status).toBe('pending');
    expect(waiting?.approvals?.received.map((v) => v.approver)).toEqual(['alice']);
    expect(await store.peek(p.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
    expect(await store.consume(p.bindingHash, { agent: p.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    const second = await store.decide(p.proposalHash, approve('bob'));
    expect(second).toMatchObject({ approver: 'bob', usesLeft: 1 });
    expect(second.approvals?.received.map((v) => v.approver)).toEqual(['alice', 'bob']);
    const approved = await store.getProposal(p.id);
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'bob' });
    expect(approved?.approvals?.received.map((v) => v.approver)).toEqual(['alice', 'bob']);
    expect((await store.consume(p.bindingHash, { agent: p.agent })).ok).toBe(true);
    expect(await store.consume(p.bindingHash, { agent: p.agent })).toEqual({
      ok: false,
      reason: 'used_up',
    });
  });

  it('the same approver never counts twice: duplicate_approval, nothing recorded', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2 });
    await store.suspend(p);
    await store.decide(p.proposalHash, approve('alice'));
    const before = await snapshot(store);
    await expectCode(() => store.decide(p.proposalHash, approve('alice')), 'duplicate_approval');
    expect(await snapshot(store)).toBe(before);
    expect(await store.peek(p.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
  });

  it('only members of the named group decide: approver_not_in_group', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2, group: 'finance' });
    await store.suspend(p);
    const before = await snapshot(store);
    for (const extra of [{}, { groups: [] }, { groups: ['support', 'Finance'] }]) {
      await expectCode(
        () => store.decide(p.proposalHash, approve('mallory', extra)),
        'approver_not_in_group',
      );
      await expectCode(
        () => store.decide(p.proposalHash, { decision: 'reject', approver: 'mallory', ...extra }),
        'approver_not_in_group',
      );
    }
    expect(await snapshot(store)).toBe(before);
    await store.decide(p.proposalHash, approve('alice', { groups: ['support', 'finance'] }));
    await store.decide(p.proposalHash, approve('bob', { groups: ['finance'] }));
    expect((await store.peek(p.bindingHash)).live).toBe(true);
  });

  it('the requester may not approve their own call, but may withdraw it', async () => {
    const { store } = fx();
    const p = await fourEyes({ excludeRequester: true }, 'dana');
    const stored = await store.suspend(p);
    expect(stored).toMatchObject({
      requester: 'dana',
      approvals: { required: 1, excludeRequester: true, received: [] },
    });
    const before = await snapshot(store);
    await expectCode(
      () => store.decide(p.proposalHash, approve('dana')),
      'requester_cannot_approve',
    );
    expect(await snapshot(store)).toBe(before);
    expect(await store.peek(p.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
    await store.decide(p.proposalHash, approve('erin'));
    expect((await store.peek(p.bindingHash)).live).toBe(true);

    const withdrawn = await fourEyes({ required: 2, excludeRequester: true }, 'dana');
    await store.suspend(withdrawn);
    await store.decide(withdrawn.proposalHash, { decision: 'reject', approver: 'dana' });
    expect((await store.getProposal(withdrawn.id))?.status).toBe('rejected');
  });

  it('one person, one identity: no spelling of bob completes required: 2', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2 });
    await store.suspend(p);
    await store.decide(p.proposalHash, approve('bob'));
    const before = await snapshot(store);
    for (const variant of ['Bob', 'BOB', 'bob ', ' bob', 'ｂｏｂ', 'B\u{FF4F}b']) {
      await expectCode(() => store.decide(p.proposalHash, approve(variant)), 'duplicate_approval');
    }
    // a hidden character is refused outright: it would look like bob on every screen
    for (const hidden of ['bob\u200b', 'bob\u2060', 'bo\u00adb', 'bob\u0000']) {
      await expectCode(() => store.decide(p.proposalHash, approve(hidden)), 'invalid_approver');
    }
    expect(await snapshot(store)).toBe(before);
    expect(await store.peek(p.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
    expect(await store.consume(p.bindingHash, { agent: p.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    expect((await store.getProposal(p.id))?.status).toBe('pending');
    await store.decide(p.proposalHash, approve('carol'));
    expect((await store.peek(p.bindingHash)).live).toBe(true);
  });

  it('requester alice cannot approve as Alice, alice or ａｌｉｃｅ; nothing recorded', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2, excludeRequester: true }, 'alice');
    await store.suspend(p);
    const before = await snapshot(store);
    for (const variant of ['Alice', 'ALICE', 'alice ', 'ａｌｉｃｅ']) {
      await expectCode(
        () => store.decide(p.proposalHash, approve(variant)),
        'requester_cannot_approve',
      );
    }
    await expectCode(
      () => store.decide(p.proposalHash, approve('alice\u200b')),
      'invalid_approver',
    );
    expect(await snapshot(store)).toBe(before);
    expect(await store.peek(p.bindingHash)).toEqual({ live: false, reason: 'no_grant' });
  });

  it('a requester with a hidden character is refused at suspend: invalid_requester', async () => {
    const { store } = fx();
    const before = await snapshot(store);
    for (const requester of ['alice\u200b', 'ali\u202ece', 'alice\u0007']) {
      const p = await fourEyes({ required: 2, excludeRequester: true }, requester);
      await expectCode(() => store.suspend(p), 'invalid_requester');
      expect(await store.latestProposalForCall(p)).toBeUndefined();
    }
    expect(await snapshot(store)).toBe(before);
  });

  it('one reject by an approver ends the proposal, whatever approvals it had', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 3 });
    await store.suspend(p);
    await store.decide(p.proposalHash, approve('alice'));
    await store.decide(p.proposalHash, approve('bob'));
    const rejected = await store.decide(p.proposalHash, { decision: 'reject', approver: 'carol' });
    expect(rejected).toMatchObject({ decision: 'reject', usesLeft: 0 });
    expect(await store.getProposal(p.id)).toMatchObject({ status: 'rejected', decidedBy: 'carol' });
    expect(await store.peek(p.bindingHash)).toEqual({ live: false, reason: 'rejected' });
    await expectCode(() => store.decide(p.proposalHash, approve('dave')), 'proposal_not_pending');
  });

  it('the grant allows the fewest uses any approver gave', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2 });
    await store.suspend(p);
    await store.decide(p.proposalHash, approve('alice', { uses: 2 }));
    const grant = await store.decide(p.proposalHash, approve('bob', { uses: 5 }));
    expect(grant.usesLeft).toBe(2);
  });

  it('a pending twin keeps its approvals; a stale screen cannot vote on a later twin', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2 });
    await store.suspend(p);
    await store.decide(p.proposalHash, approve('alice', { proposalId: p.id }));
    const twin = await store.suspend({ ...sameCall(p), approvals: { required: 2 } });
    expect(twin.id).toBe(p.id);
    expect(twin.approvals?.received.map((v) => v.approver)).toEqual(['alice']);
    await expectCode(
      () => store.decide(p.proposalHash, approve('bob', { proposalId: `${p.id}-other` })),
      'proposal_not_pending',
    );
    expect((await store.getProposal(p.id))?.approvals?.received).toHaveLength(1);
  });

  it('bad four-eyes fields are refused at suspend with exact codes; nothing is stored', async () => {
    const { store } = fx();
    const before = await snapshot(store);
    const cases: [Record<string, unknown>, string][] = [
      [{ approvals: { required: 0 } }, 'invalid_approvals'],
      [{ approvals: { required: 1.5 } }, 'invalid_approvals'],
      [{ approvals: { required: 11 } }, 'invalid_approvals'],
      [{ approvals: { required: '2' } }, 'invalid_approvals'],
      [{ approvals: { group: '' } }, 'invalid_approvals'],
      [{ approvals: { group: 'g'.repeat(201) } }, 'invalid_approvals'],
      [{ approvals: { excludeRequester: 'yes' } }, 'invalid_approvals'],
      [{ approvals: { required: 2, quorum: 3 } }, 'invalid_approvals'],
      [{ approvals: [2] }, 'invalid_approvals'],
      [{ approvals: null }, 'invalid_approvals'],
      [{ requester: '' }, 'invalid_requester'],
      [{ requester: 42 }, 'invalid_requester'],
      [{ requester: 'r'.repeat(201) }, 'invalid_requester'],
      [{ approvals: { excludeRequester: true } }, 'requester_required'],
    ];
    for (const [extra, code] of cases) {
      const p = { ...(await makeProposal()), ...extra } as SuspendedToolProposal;
      await expectCode(() => store.suspend(p), code);
      expect(await store.latestProposalForCall(p)).toBeUndefined();
    }
    expect(await snapshot(store)).toBe(before);
  });

  it('bad groups on decide are invalid_groups; nothing is recorded', async () => {
    const { store } = fx();
    const p = await fourEyes({ required: 2, group: 'finance' });
    await store.suspend(p);
    const before = await snapshot(store);
    for (const groups of ['finance', [''], [1], Array(65).fill('finance'), { 0: 'finance' }]) {
      await expectCode(
        () => store.decide(p.proposalHash, approve('alice', { groups })),
        'invalid_groups',
      );
    }
    expect(await snapshot(store)).toBe(before);
  });

  it('racing approvals: one vote per approver, the grant exactly at the required count', async () => {
    const { store } = fx();
    const same = await fourEyes({ required: 2 });
    await store.suspend(same);
    const twice = await Promise.allSettled(
      Array.from({ length: 6 }, () => store.decide(same.proposalHash, approve('alice'))),
    );
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of twice)
      if (r.status === 'rejected')
        expect((r.reason as { code: string }).code).toBe('duplicate_approval');
    expect((await store.getProposal(same.id))?.approvals?.received).toHaveLength(1);
    expect(await store.peek(same.bindingHash)).toEqual({ live: false, reason: 'no_grant' });

    const many = await fourEyes({ required: 3 });
    await store.suspend(many);
    const votes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        store.decide(many.proposalHash, approve(`approver-${i}`)),
      ),
    );
    const ok = votes.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(ok).toHaveLength(3);
    expect(ok.filter((g) => g.usesLeft === 1)).toHaveLength(1);
    for (const r of votes)
      if (r.status === 'rejected')
        expect((r.reason as { code: string }).code).toBe('proposal_not_pending');
    const done = await store.getProposal(many.id);
    expect(done?.status).toBe('approved');
    expect(new Set(done?.approvals?.received.map((v) => v.approver)).size).toBe(3);
    expect((await store.consume(many.bindingHash, { agent: many.agent })).ok).toBe(true);
    expect((await store.consume(many.bindingHash, { agent: many.agent })).ok).toBe(false);
  });

  it('votes reach the audit sink as approval_voted, the last as approval_granted', async (ctx) => {
    const { store, audit } = fx();
    if (!audit) return ctx.skip();
    const p = await fourEyes({ required: 2 });
    await store.suspend(p);
    await store.decide(p.proposalHash, approve('alice'));
    await store.decide(p.proposalHash, approve('bob'));
    const mine = (await audit.records()).filter((r) => r.proposalHash === p.proposalHash);
    expect(mine.map((r) => [r.type, r.approver, r.data])).toEqual([
      ['approval_voted', 'alice', { approvals: { received: 1, required: 2 } }],
      ['approval_granted', 'bob', { approvals: { received: 2, required: 2 } }],
    ]);
  });
}
