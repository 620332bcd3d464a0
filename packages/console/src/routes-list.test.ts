import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { errorCode } from './__fixtures__/console-fixture.js';
import { seeder } from './__fixtures__/seed.js';
import { createConsoleServer } from './create-console-server.js';

const ALICE = 'alice-token-0123456789abcdef';

function setup() {
  const audit = createMemoryAuditLog();
  const store = createMemoryApprovalStore({ audit });
  const app = createConsoleServer({
    store,
    audit,
    tokens: { alice: ALICE },
    reasonMessages: { account_closure_needs_person: 'Closing an account needs a person.' },
  });
  const get = async (path: string) => {
    const res = await app.request(`http://127.0.0.1${path}`, {
      headers: { Authorization: `Bearer ${ALICE}` },
    });
    return { status: res.status, body: (await res.json()) as any, res };
  };
  return { store, audit, seed: seeder(store, audit), get };
}

describe('GET /api/proposals: rows an approver can read, search, filters, paging', () => {
  it('each row carries its sentence, context labels and reason message', async () => {
    const cx = setup();
    await cx.seed.refund({ orderId: 'A-1', amount: 12000, currency: 'EUR' });
    await cx.seed.closeAccount('C-9');
    const { body } = await cx.get('/api/proposals');
    expect(body.total).toBe(2);
    expect(body.tools).toEqual(['close_account', 'refund']);
    expect(body.agents).toEqual(['cleanup-bot', 'support-bot']);
    const [close, refund] = body.proposals;
    expect(refund.display).toMatchObject({
      title: 'Refund',
      summary: 'Refund 120.00 EUR on order A-1',
      context: [
        { key: 'customer', label: 'Customer', value: 'Dana Ruiz (C-41)' },
        { key: 'conversation', label: 'Conversation', value: 'conv-701' },
        { key: 'requester', label: 'Requested by', value: 'dana' },
      ],
      reason: {
        code: 'money_above_approval_threshold',
        message: 'The amount is above the limit that runs without approval.',
      },
      warnings: 0,
    });
    expect(close.display).toMatchObject({
      title: 'close_account',
      summary: 'close_account with customerId C-9',
      reason: {
        code: 'account_closure_needs_person',
        message: 'Closing an account needs a person.',
      },
    });
  });

  it('searches what the page shows, filters by tool and agent, pages with offset', async () => {
    const cx = setup();
    for (let i = 0; i < 5; i++)
      await cx.seed.refund({ orderId: `A-${i}`, amount: 6000 + i, currency: 'EUR' });
    await cx.seed.closeAccount('C-9');
    const ids = async (q: string) => (await cx.get(`/api/proposals?${q}`)).body;
    expect((await ids('q=60.02%20eur')).proposals.map((p: any) => p.display.summary)).toEqual([
      'Refund 60.02 EUR on order A-2',
    ]);
    // '(C-43)', not 'C-43': a proposal id (UUID v4, searchable too) can contain 'c-43'
    expect((await ids('q=(C-43)')).total).toBe(1);
    expect((await ids('tool=close_account')).total).toBe(1);
    expect((await ids('agent=support-bot')).total).toBe(5);
    expect((await ids('agent=nobody')).total).toBe(0);
    const page2 = await ids('limit=2&offset=2');
    expect(page2).toMatchObject({ total: 6, offset: 2, limit: 2 });
    expect(page2.proposals).toHaveLength(2);
    for (const [q, code] of [
      ['offset=-1', 'invalid_offset'],
      ['offset=1.5', 'invalid_offset'],
      [`q=${'x'.repeat(201)}`, 'invalid_query'],
      [`tool=${'x'.repeat(201)}`, 'invalid_tool'],
    ]) {
      const r = await cx.get(`/api/proposals?${q}`);
      expect(r.status, q).toBe(400);
      expect(await errorCode(new Response(JSON.stringify(r.body)))).toBe(code);
    }
  });

  it('the detail compares with the last approved call of the same tool', async () => {
    const cx = setup();
    const first = await cx.seed.refund({ orderId: 'A-1', amount: 6000, currency: 'EUR' });
    await cx.store.decide(first.proposalHash, { decision: 'approve', approver: 'alice' });
    const second = await cx.seed.refund({ orderId: 'A-1', amount: 9000, currency: 'EUR' });
    const { body } = await cx.get(`/api/proposals/${second.id}`);
    expect(body.display.comparedWith).toBe(first.id);
    const amount = body.display.fields.find((f: any) => f.path === '/amount');
    expect(amount).toEqual({
      path: '/amount',
      label: 'Amount',
      value: '90.00 EUR',
      changedSinceApproved: { previous: '60.00 EUR' },
    });
    expect(
      body.display.fields.find((f: any) => f.path === '/orderId').changedSinceApproved,
    ).toBeUndefined();
  });
});
