import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputFor, SCENARIO_POLICIES, SCENARIO_SCHEMA } from './__fixtures__/scenarios.js';
import { cedarPolicy } from './index.js';

const open = 'permit(principal, action, resource);';

describe('cedarPolicy: three outcomes from Cedar’s two', () => {
  it('forbid denies and the reason names the forbid policies', async () => {
    const policy = cedarPolicy({
      policies: `${open}\n@id("no-root") forbid(principal, action, resource) when { context.args.path == "/" };\n@id("also") forbid(principal, action == Action::"rm", resource);`,
    });
    const d = await policy(await inputFor('rm', '{"path":"/"}', {}));
    expect(d).toEqual({
      type: 'deny',
      reason: 'cedar_forbid:also,no-root',
      trace: [{ rule: 'cedar', decision: 'deny', reason: 'cedar_forbid:also,no-root' }],
    });
  });

  it('permit allows and names the permit; no matching permit denies', async () => {
    const policy = cedarPolicy({
      policies: '@id("reads") permit(principal, action == Action::"read", resource);',
      name: 'files',
    });
    expect(await policy(await inputFor('read', '{}', {}))).toEqual({
      type: 'allow',
      reason: 'cedar_permit:reads',
      trace: [{ rule: 'files', decision: 'allow', reason: 'cedar_permit:reads' }],
    });
    expect((await policy(await inputFor('write', '{}', {}))).reason).toBe('cedar_no_permit');
  });

  it('a permit with @approval requires approval and carries the four-eyes rule', async () => {
    const policy = cedarPolicy({
      policies: `@id("big") @approval("finance") @approvals("2") @excludeRequester
permit(principal, action == Action::"pay", resource) when { context.args.amount > 100 };
@id("any-approver") @approval
permit(principal, action == Action::"pay", resource) when { context.args.amount > 50 };
@id("small") permit(principal, action == Action::"pay", resource) when { context.args.amount <= 50 };`,
    });
    expect(await policy(await inputFor('pay', '{"amount":500}', {}))).toMatchObject({
      type: 'require_approval',
      reason: 'cedar_approval:any-approver,big',
      approvals: { required: 2, group: 'finance', excludeRequester: true },
    });
    const one = await policy(await inputFor('pay', '{"amount":60}', {}));
    expect(one).toMatchObject({ type: 'require_approval', reason: 'cedar_approval:any-approver' });
    expect(one).not.toHaveProperty('approvals');
    expect((await policy(await inputFor('pay', '{"amount":5}', {}))).type).toBe('allow');
  });

  it('two matching permits asking different groups deny', async () => {
    const policy = cedarPolicy({
      policies: `@id("f") @approval("finance") permit(principal, action, resource);
@id("l") @approval("legal") permit(principal, action, resource);`,
    });
    expect((await policy(await inputFor('pay', '{}', {}))).reason).toBe(
      'cedar_approval_groups_conflict:f,l',
    );
  });

  it('a forbid that errors denies (Cedar alone would skip it and let the permit allow)', async () => {
    const policy = cedarPolicy({
      policies: `${open}\n@id("ceiling") forbid(principal, action, resource) when { context.args.amount > 1000 };`,
    });
    const d = await policy(await inputFor('pay', '{"amount":"9999999"}', {}));
    expect(d).toMatchObject({ type: 'deny', reason: 'cedar_policy_error:ceiling' });
  });

  it('reasons never carry argument values', async () => {
    const policy = cedarPolicy({ policies: SCENARIO_POLICIES, schema: SCENARIO_SCHEMA });
    for (const args of [
      '{"amount":987654,"currency":"USD"}',
      '{"amount":98765.5,"currency":"USD"}',
      '{"amount":98765,"currency":"XTS"}',
    ]) {
      const d = await policy(await inputFor('pay', args, {}));
      expect(d.type).toBe('deny');
      expect(JSON.stringify(d)).not.toMatch(/98765|XTS/u);
    }
  });

  it.each([
    ['{"amount":10.5,"currency":"USD"}', 'cedar_non_integer_number'],
    ['{"amount":null,"currency":"USD"}', 'cedar_null_value'],
    ['{"amount":1e300,"currency":"USD"}', 'cedar_unsafe_integer'],
    ['{"amount":5,"currency":{"__entity":{"type":"Agent","id":"x"}}}', 'cedar_reserved_key'],
  ])('%s is refused at the boundary (%s)', async (args, reason) => {
    const policy = cedarPolicy({ policies: open });
    expect(await policy(await inputFor('pay', args, {}))).toMatchObject({ type: 'deny', reason });
  });

  it('with a schema, an argument the schema does not declare denies (cedar_request_invalid)', async () => {
    const policy = cedarPolicy({ policies: SCENARIO_POLICIES, schema: SCENARIO_SCHEMA });
    const d = await policy(await inputFor('list_orders', '{"status":"open","tenant":"other"}', {}));
    expect(d).toMatchObject({ type: 'deny', reason: 'cedar_request_invalid' });
    const unknownTool = await policy(await inputFor('drop_db', '{}', {}));
    expect(unknownTool).toMatchObject({ type: 'deny', reason: 'cedar_request_invalid' });
  });

  it('server context, entities and resource come from the application', async () => {
    interface Ctx {
      tenant?: string;
    }
    const policy = cedarPolicy<Ctx>({
      policies: `@id("own-tenant") permit(principal, action, resource) when { context has server && context.server has tenant && resource in Tenant::"acme" && principal.team == "ops" };`,
      entities: [
        { uid: { type: 'Agent', id: 'ops-bot' }, attrs: { team: 'ops' }, parents: [] },
        { uid: { type: 'Doc', id: 'd1' }, attrs: {}, parents: [{ type: 'Tenant', id: 'acme' }] },
        { uid: { type: 'Tenant', id: 'acme' }, attrs: {}, parents: [] },
      ],
      resource: (input) => ({ type: 'Doc', id: (input.parsedArguments as { doc: string }).doc }),
      context: (ctx) => (ctx.tenant === undefined ? {} : { tenant: ctx.tenant }),
    });
    expect(
      (await policy(await inputFor('read', '{"doc":"d1"}', { tenant: 'acme' }, 'ops-bot'))).type,
    ).toBe('allow');
    expect(
      (await policy(await inputFor('read', '{"doc":"d2"}', { tenant: 'acme' }, 'ops-bot'))).type,
    ).toBe('deny');
    expect((await policy(await inputFor('read', '{"doc":"d1"}', {}, 'ops-bot'))).type).toBe('deny');
    expect(
      (await policy(await inputFor('read', '{"doc":"d1"}', { tenant: 'acme' }, 'intern'))).type,
    ).toBe('deny');
  });

  it.each([
    [
      'context throws',
      {
        context: () => {
          throw new Error('down');
        },
      },
      'cedar_context_unavailable',
    ],
    ['context is not a record', { context: () => ['x'] }, 'cedar_invalid_value'],
    ['context has a float', { context: () => ({ score: 0.5 }) }, 'cedar_non_integer_number'],
    [
      'entities throw',
      {
        entities: async () => {
          throw new Error('db');
        },
      },
      'cedar_entities_unavailable',
    ],
    ['resource is malformed', { resource: () => ({ type: '' }) }, 'cedar_resource_unavailable'],
    ['entities are malformed', { entities: () => [{ nope: 1 }] }, 'cedar_request_invalid'],
  ])('%s denies with %s', async (_, extra, reason) => {
    const policy = cedarPolicy({ policies: open, ...(extra as object) });
    expect(await policy(await inputFor('t', '{}', {}))).toMatchObject({ type: 'deny', reason });
  });
});

describe('cedarPolicy inside the core authorizer', () => {
  function setup() {
    const executed: unknown[] = [];
    const pay = defineTool({
      name: 'pay',
      schema: z.object({ amount: z.number(), currency: z.string() }),
      execute: (input) => {
        executed.push(input);
        return 'paid';
      },
    });
    const audit = createMemoryAuditLog();
    const approvals = createMemoryApprovalStore({ audit });
    const authorizer = createAuthorizer({
      agent: 'billing-agent',
      audit,
      approvals,
      policy: cedarPolicy({ policies: SCENARIO_POLICIES, schema: SCENARIO_SCHEMA }),
    });
    return { pay, approvals, authorizer, executed };
  }

  it('runs a permitted call once', async () => {
    const { pay, authorizer, executed } = setup();
    expect(await authorizer.call(pay, '{"amount":500,"currency":"USD"}')).toMatchObject({
      status: 'executed',
    });
    expect(executed).toEqual([{ amount: 500, currency: 'USD' }]);
  });

  it.each([
    ['{"amount":500000,"currency":"USD"}', 'cedar_forbid:money-ceiling'],
    ['{"amount":10.5,"currency":"USD"}', 'cedar_non_integer_number'],
    ['{"amount":500,"currency":"EUR"}', 'cedar_no_permit'],
  ])('denies %s with %s: nothing runs, nothing is stored', async (args, reason) => {
    const { pay, authorizer, executed, approvals } = setup();
    expect(await authorizer.call(pay, args)).toMatchObject({ status: 'denied', reason });
    expect(executed).toHaveLength(0);
    expect(await approvals.listProposals()).toEqual([]);
  });

  it('an @approval permit suspends with the finance group rule, enforced by the store', async () => {
    const { pay, authorizer, executed, approvals } = setup();
    const first = await authorizer.call(pay, '{"amount":20000,"currency":"USD"}', {
      toolCallId: 'c1',
    });
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    expect(first.proposal.reason).toBe('cedar_approval:money-usd-approval');
    const [stored] = await approvals.listProposals();
    expect(stored?.approvals).toMatchObject({ required: 1, group: 'finance' });
    await expect(
      approvals.decide(first.proposal.proposalHash, {
        decision: 'approve',
        approver: 'mallory',
        groups: ['sales'],
      }),
    ).rejects.toMatchObject({ code: 'approver_not_in_group' });
    await approvals.decide(first.proposal.proposalHash, {
      decision: 'approve',
      approver: 'fiona',
      groups: ['finance'],
    });
    expect(
      await authorizer.call(pay, '{"amount":20000,"currency":"USD"}', { toolCallId: 'c1' }),
    ).toMatchObject({
      status: 'executed',
    });
    expect(executed).toHaveLength(1);
  });
});
