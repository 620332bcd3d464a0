import {
  type AuditRecord,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allOf } from './compose/all-of.js';
import { shadow } from './compose/shadow.js';
import { egressPolicy } from './egress/egress-policy.js';
import { idsFromServerList } from './ids/ids-from-server-list.js';
import { moneyLimit } from './money/money-limit.js';

interface Ctx {
  payees: string[];
}

function setup() {
  const executed: unknown[] = [];
  const pay = defineTool({
    name: 'pay',
    schema: z.object({
      payee: z.string(),
      amount: z.number(),
      currency: z.string(),
      callbackUrl: z.string(),
    }),
    execute: (input) => {
      executed.push(input);
      return 'paid';
    },
  });
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer<Ctx>({
    agent: 'billing-agent',
    audit,
    approvals,
    policy: allOf(
      moneyLimit({ limits: { USD: { ceiling: 500_00, approvalAbove: 100_00 } } }),
      egressPolicy({ paths: ['/callbackUrl'] }),
      shadow(idsFromServerList<Ctx>({ paths: ['/payee'], list: (ctx) => ctx.payees })),
    ),
  });
  const decided = async () =>
    (await audit.records()).filter((r): r is AuditRecord => r.type === 'decided').at(-1);
  return { pay, audit, approvals, authorizer, executed, decided };
}

const args = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    payee: 'p_1',
    amount: 50_00,
    currency: 'USD',
    callbackUrl: 'https://hooks.example.com/x',
    ...over,
  });
const context: Ctx = { payees: ['p_1'] };

describe('policies inside the core authorizer', () => {
  it('allows a small payment and records every rule in the audit trace', async () => {
    const { pay, authorizer, executed, decided } = setup();
    const out = await authorizer.call(pay, args(), { toolCallId: 'c1', context });
    expect(out).toMatchObject({ status: 'executed', result: 'paid' });
    expect(executed).toHaveLength(1);
    expect((await decided())?.trace).toEqual([
      { rule: 'moneyLimit', decision: 'allow', reason: 'money_within_limit' },
      { rule: 'egress', decision: 'allow', reason: 'egress_allowed' },
      { rule: 'idsFromServerList', decision: 'allow', reason: 'ids_in_server_list', shadow: true },
    ]);
  });

  it('denies a payment to a metadata callback; nothing runs; the trace names the rule', async () => {
    const { pay, authorizer, executed, decided, audit } = setup();
    const out = await authorizer.call(pay, args({ callbackUrl: 'http://[::ffff:a9fe:a9fe]/' }), {
      context,
    });
    expect(out).toMatchObject({ status: 'denied', reason: 'egress_cloud_metadata' });
    expect(executed).toHaveLength(0);
    const record = await decided();
    expect(record?.decision).toBe('deny');
    expect(record?.trace?.find((e) => e.decision === 'deny' && !e.shadow)?.rule).toBe('egress');
    expect(await verifyAuditChain(await audit.records())).toMatchObject({ ok: true });
  });

  it('a shadow rule that would deny never blocks, and is loudly in the trace', async () => {
    const { pay, authorizer, executed, decided } = setup();
    const out = await authorizer.call(pay, args({ payee: 'p_unknown' }), { context });
    expect(out.status).toBe('executed');
    expect(executed).toHaveLength(1);
    expect((await decided())?.trace).toContainEqual({
      rule: 'idsFromServerList',
      decision: 'deny',
      reason: 'id_not_in_server_list',
      shadow: true,
    });
  });

  it('suspends above the threshold and runs once after a human approves this exact call', async () => {
    const { pay, authorizer, approvals, executed } = setup();
    const first = await authorizer.call(pay, args({ amount: 200_00 }), {
      toolCallId: 'c2',
      context,
    });
    expect(first.status).toBe('suspended');
    expect(executed).toHaveLength(0);
    if (first.status !== 'suspended') return;
    expect(first.proposal.reason).toBe('money_above_approval_threshold');
    await approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'alice' });
    // a different amount is a different proposal: the grant does not apply
    const other = await authorizer.call(pay, args({ amount: 200_01 }), {
      toolCallId: 'c3',
      context,
    });
    expect(other.status).toBe('suspended');
    const resumed = await authorizer.call(pay, args({ amount: 200_00 }), {
      toolCallId: 'c2',
      context,
    });
    expect(resumed).toMatchObject({ status: 'executed' });
    expect(executed).toHaveLength(1);
  });

  it.each([
    [{ amount: 600_00 }, 'money_above_ceiling'],
    [{ amount: 10.5 }, 'money_not_integer'],
    [{ currency: 'usd' }, 'money_unknown_currency'],
  ])('denies %j with %s and runs nothing', async (over, reason) => {
    const { pay, authorizer, executed, approvals } = setup();
    expect(await authorizer.call(pay, args(over), { context })).toMatchObject({
      status: 'denied',
      reason,
    });
    expect(executed).toHaveLength(0);
    expect(await approvals.listProposals()).toEqual([]);
  });
});
