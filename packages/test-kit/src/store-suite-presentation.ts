import { type JsonObject, MAX_PRESENTATION_LENGTH } from '@argseal/core/store';
import { expect, it } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { expectCode, makeProposal } from './store-fixtures.js';

const PRESENTATION: JsonObject = {
  version: 1,
  title: 'Refund',
  summary: 'Refund {amount} on order {orderId}',
  fields: [
    { path: '/amount', label: 'Amount', format: 'money', currency: 'EUR' },
    { path: '/orderId', label: 'Order', format: 'id' },
  ],
  context: { customer: 'C-42 Ünïcode ✓', requester: 'dana' },
  risk: 'high',
};

/** Display metadata is kept verbatim (never hashed) and capped at MAX_PRESENTATION_LENGTH. */
export function presentationCases(fx: () => ApprovalStoreFixture): void {
  it('presentation round-trips through suspend, get, list, pending and latest', async () => {
    const { store } = fx();
    const p = { ...(await makeProposal()), presentation: structuredClone(PRESENTATION) };
    expect((await store.suspend(p)).presentation).toEqual(PRESENTATION);
    expect((await store.getProposal(p.id))?.presentation).toEqual(PRESENTATION);
    expect((await store.findPending(p.proposalHash))?.presentation).toEqual(PRESENTATION);
    expect((await store.latestProposalForCall(p))?.presentation).toEqual(PRESENTATION);
    const listed = await store.listProposals({ status: 'pending' });
    expect(listed.find((x) => x.id === p.id)?.presentation).toEqual(PRESENTATION);
    const plain = await makeProposal();
    expect((await store.suspend(plain)).presentation).toBeUndefined();
    expect(Object.hasOwn((await store.getProposal(plain.id)) ?? {}, 'presentation')).toBe(false);
  });

  it('a presentation over the cap or not a JSON object is invalid_proposal; nothing is stored', async () => {
    const { store } = fx();
    const before = JSON.stringify(await store.listProposals({ status: 'all' }));
    const huge = { version: 1, title: 'x'.repeat(MAX_PRESENTATION_LENGTH) };
    for (const presentation of [huge, [1], 'Refund', 7, null]) {
      const p = { ...(await makeProposal()), presentation } as never;
      await expectCode(() => store.suspend(p), 'invalid_proposal');
    }
    expect(JSON.stringify(await store.listProposals({ status: 'all' }))).toBe(before);
  });
}
