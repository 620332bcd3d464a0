import { ApprovalError, type ApprovalStore } from '@argseal/core';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal } from './store-fixtures.js';

const BAD_HASHES = ['', 'abc', 'A'.repeat(64), `${'0'.repeat(63)}g`, '0'.repeat(65)];

async function snapshot(store: ApprovalStore) {
  return JSON.stringify(await store.listProposals({ status: 'all' }));
}

/** Bad input: exact codes, and nothing written. */
export function inputCases(fx: () => ApprovalStoreFixture): void {
  it('malformed hashes are refused with invalid_proposal_hash', async () => {
    const { store } = fx();
    const before = await snapshot(store);
    for (const hash of [...BAD_HASHES, 42 as unknown as string, undefined as unknown as string]) {
      const e = await expectCode(
        () => store.decide(hash, { decision: 'approve', approver: 'a' }),
        'invalid_proposal_hash',
      );
      expect(ApprovalError.isInstance(e)).toBe(true);
      await expectCode(() => store.consume(hash, { agent: 'a' }), 'invalid_binding_hash');
      await expectCode(() => store.peek(hash), 'invalid_binding_hash');
      await expectCode(() => store.findPending(hash), 'invalid_proposal_hash');
    }
    for (const hash of BAD_HASHES) {
      const proposal = { ...(await makeProposal()), proposalHash: hash };
      await expectCode(() => store.suspend(proposal), 'invalid_proposal_hash');
      const binding = { ...(await makeProposal()), bindingHash: hash };
      await expectCode(() => store.suspend(binding), 'invalid_binding_hash');
    }
    for (const broken of [
      { id: '' },
      { agent: 1 },
      { toolCallId: undefined },
      { argsCanonicalJson: null },
      { reason: undefined },
      { createdAt: 0 },
    ]) {
      const proposal = { ...(await makeProposal()), ...broken } as never;
      await expectCode(() => store.suspend(proposal), 'invalid_proposal');
    }
    await expectCode(() => store.suspend(null as never), 'invalid_proposal');
    await expectCode(() => store.getProposal(42 as never), 'invalid_proposal_id');
    expect(await snapshot(store)).toBe(before);
  });

  it('deciding an unknown proposal is proposal_not_found', async () => {
    const { store } = fx();
    const before = await snapshot(store);
    const unknown = await makeProposal();
    await expectCode(
      () => store.decide(unknown.proposalHash, { decision: 'approve', approver: 'alice' }),
      'proposal_not_found',
    );
    expect(await store.consume(unknown.bindingHash, { agent: unknown.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    expect(await snapshot(store)).toBe(before);
  });

  it('bad decisions are refused with exact codes and the proposal stays pending', async () => {
    const { store } = fx();
    const proposal = await makeProposal();
    await store.suspend(proposal);
    const h = proposal.proposalHash;
    const cases: [unknown, string][] = [
      [{ decision: 'maybe', approver: 'a' }, 'invalid_decision'],
      [{ approver: 'a' }, 'invalid_decision'],
      [{ decision: 'approve', approver: '' }, 'invalid_approver'],
      [{ decision: 'approve' }, 'invalid_approver'],
      [{ decision: 'approve', approver: 7 }, 'invalid_approver'],
      [{ decision: 'approve', approver: 'x'.repeat(201) }, 'invalid_approver'],
      [{ decision: 'approve', approver: 'a', note: 5 }, 'invalid_note'],
      [{ decision: 'approve', approver: 'a', note: 'n'.repeat(2001) }, 'invalid_note'],
      [{ decision: 'approve', approver: 'a', expiresAt: 'not a date' }, 'invalid_expiry'],
      [{ decision: 'approve', approver: 'a', expiresAt: 12345 }, 'invalid_expiry'],
      [{ decision: 'approve', approver: 'a', uses: 1001 }, 'invalid_uses'],
      [{ decision: 'approve', approver: 'a', uses: 0 }, 'invalid_uses'],
      [{ decision: 'approve', approver: 'a', uses: -1 }, 'invalid_uses'],
      [{ decision: 'approve', approver: 'a', uses: 1.5 }, 'invalid_uses'],
      [{ decision: 'approve', approver: 'a', uses: Number.NaN }, 'invalid_uses'],
      [{ decision: 'approve', approver: 'a', uses: '2' }, 'invalid_uses'],
      [
        { decision: 'approve', approver: 'a', expiresAt: new Date(Date.now() - 60_000) },
        'expiry_in_past',
      ],
      [
        { decision: 'approve', approver: 'a', expiresAt: '2001-01-01T00:00:00.000Z' },
        'expiry_in_past',
      ],
      [
        { decision: 'approve', approver: 'a', expiresAt: '2001-01-01T00:00:00.000Z', uses: 0 },
        'expiry_in_past',
      ],
      [null, 'invalid_decision'],
    ];
    for (const [input, code] of cases) {
      await expectCode(() => store.decide(h, input as never), code);
    }
    expect((await store.getProposal(proposal.id))?.status).toBe('pending');
    expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
      ok: false,
      reason: 'no_grant',
    });
    // The proposal is still decidable afterwards.
    await store.decide(h, { decision: 'approve', approver: 'alice' });
    expect((await store.consume(proposal.bindingHash, { agent: proposal.agent })).ok).toBe(true);
  });
}
