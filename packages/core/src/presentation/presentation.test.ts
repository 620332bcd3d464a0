import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryApprovalStore } from '../approvals/memory-store.js';
import { createAuthorizer } from '../authorizer/create-authorizer.js';
import { ArgsealConfigError } from '../errors.js';
import { defineTool } from '../tool/define-tool.js';
import type { ToolPresentation } from './types.js';

const schema = z.object({ orderId: z.string(), amount: z.number().int(), currency: z.string() });
type Ctx = { customer: string; user: string; secret?: unknown };

function refund(presentation?: ToolPresentation<Ctx>, executed: unknown[] = []) {
  return defineTool<z.infer<typeof schema>, string, Ctx>({
    name: 'refund',
    schema,
    execute: (input) => {
      executed.push(input);
      return 'done';
    },
    ...(presentation ? { presentation } : {}),
  });
}

const readable: ToolPresentation<Ctx> = {
  title: 'Refund',
  summary: 'Refund {amount} on order {orderId}',
  fields: {
    orderId: { label: 'Order', format: 'id' },
    amount: { label: 'Amount', format: 'money', currencyField: 'currency' },
  },
  context: (ctx) => ({ customer: ctx.customer, requester: ctx.user }),
};

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ArgsealConfigError);
    return (error as ArgsealConfigError).code;
  }
  return undefined;
}

describe('tool presentation', () => {
  it('is carried on the proposal, with server-context labels and the policy risk, and never hashed', async () => {
    const approvals = createMemoryApprovalStore();
    const policy = () => ({
      type: 'require_approval' as const,
      reason: 'r',
      risk: 'high' as const,
    });
    const plain = createAuthorizer<Ctx>({
      agent: 'a',
      policy,
      approvals: createMemoryApprovalStore(),
    });
    const shown = createAuthorizer<Ctx>({ agent: 'a', policy, approvals });
    const raw = '{"orderId":"A-1","amount":12000,"currency":"EUR"}';
    const context = { customer: 'C-42', user: 'dana', secret: { nested: true } };
    const a = await plain.call(refund(), raw, { toolCallId: 't', context });
    const b = await shown.call(refund(readable), raw, { toolCallId: 't', context });
    if (a.status !== 'suspended' || b.status !== 'suspended') throw new Error('not suspended');
    expect(b.proposal.proposalHash).toBe(a.proposal.proposalHash);
    expect(b.proposal.bindingHash).toBe(a.proposal.bindingHash);
    expect(a.proposal.presentation).toEqual({ version: 1, risk: 'high' });
    expect(b.proposal.presentation).toEqual({
      version: 1,
      title: 'Refund',
      summary: 'Refund {amount} on order {orderId}',
      fields: [
        { path: '/orderId', label: 'Order', format: 'id' },
        { path: '/amount', label: 'Amount', format: 'money', currencyPath: '/currency' },
      ],
      context: { customer: 'C-42', requester: 'dana' },
      risk: 'high',
    });
    expect((await approvals.getProposal(b.proposal.id))?.presentation).toEqual(
      b.proposal.presentation,
    );
  });

  it('takes labels only from server context; a throwing reader marks them unavailable, the call still pauses', async () => {
    const approvals = createMemoryApprovalStore();
    const auth = createAuthorizer<Ctx>({
      agent: 'a',
      policy: () => ({ type: 'require_approval', reason: 'r' }),
      approvals,
    });
    const tool = refund({
      context: () => {
        throw new Error('no session');
      },
    });
    const out = await auth.call(tool, '{"orderId":"A-1","amount":1,"currency":"EUR"}', {
      toolCallId: 't',
      context: { customer: 'x', user: 'y' },
    });
    expect(out.status).toBe('suspended');
    if (out.status === 'suspended')
      expect(out.proposal.presentation).toEqual({ version: 1, contextUnavailable: true });
  });

  it('drops non-text labels, bad keys and cuts long values', async () => {
    const approvals = createMemoryApprovalStore();
    const auth = createAuthorizer<Ctx>({
      agent: 'a',
      policy: () => ({ type: 'require_approval', reason: 'r' }),
      approvals,
    });
    const tool = refund({
      context: (ctx) =>
        ({ customer: 'c'.repeat(500), 'bad key': 'x', nested: ctx.secret, n: 7 }) as never,
    });
    const out = await auth.call(tool, '{"orderId":"A-1","amount":1,"currency":"EUR"}', {
      toolCallId: 't',
      context: { customer: 'x', user: 'y', secret: { a: 1 } },
    });
    if (out.status !== 'suspended') throw new Error('not suspended');
    const context = (out.proposal.presentation as { context: Record<string, string> }).context;
    expect(Object.keys(context)).toEqual(['customer', 'n']);
    expect(context.customer).toHaveLength(200);
    expect(context.n).toBe('7');
  });

  it('refuses malformed presentations when the tool is defined (invalid_presentation)', () => {
    const bad: unknown[] = [
      'Refund',
      { title: '' },
      { title: 'x'.repeat(101) },
      { summary: 42 },
      { fields: { amount: { format: 'money' } } },
      { fields: { amount: { format: 'euros' } } },
      { fields: { amount: { format: 'money', currency: 'eur' } } },
      { fields: { '/a/~2': { label: 'x' } } },
      { fields: { amount: null } },
      { context: { customer: 'c' } },
      { risk: 'low' },
    ];
    for (const presentation of bad)
      expect(code(() => refund(presentation as ToolPresentation<Ctx>))).toBe(
        'invalid_presentation',
      );
    expect(code(() => refund(readable))).toBeUndefined();
  });
});
