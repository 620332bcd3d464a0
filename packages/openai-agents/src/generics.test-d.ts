// Type tests (checked by `tsc` in `pnpm typecheck`): a sealed tool keeps the context,
// parameters and result of the tool it wraps, the approval helpers need no casts, errors
// narrow by `code`, and misuse does not compile.
import { defineTool, type ToolPolicy } from '@argseal/core';
import type { ApprovalGrant } from '@argseal/core/store';
import type { FunctionTool, RunContext, RunState } from '@openai/agents';
import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import {
  ArgsealAgentsError,
  type ArgsealAgentsErrorCode,
  createAgentsSeal,
  createAuthorizer,
  type PendingApproval,
  tool,
} from './index.js';

interface Shop {
  shopId: string;
}
declare const policy: ToolPolicy;
const seal = createAgentsSeal({ authorizer: createAuthorizer({ agent: 'support', policy }) });

const refundParameters = z.object({ orderId: z.string(), cents: z.number().int() });
const refund = tool({
  name: 'refund',
  description: 'refund an order',
  parameters: refundParameters,
  execute: async (input, context?: RunContext<Shop>) => ({
    refunded: input.cents,
    shop: context?.context.shopId,
  }),
});
const lookup = defineTool({
  name: 'lookup',
  schema: z.object({ orderId: z.string() }),
  execute: async (input) => ({ orderId: input.orderId, status: 'shipped' as const }),
});

test('a sealed SDK tool keeps its context, parameters and result', () => {
  const sealed = seal.tool(refund);
  expectTypeOf(sealed).toEqualTypeOf<FunctionTool<Shop, typeof refundParameters, string>>();
  expectTypeOf(sealed).toEqualTypeOf(refund);
});

test('a sealed defineTool tool keeps its result (or a refusal text)', () => {
  const sealed = seal.tool(lookup, { strict: true });
  expectTypeOf(sealed.invoke).returns.resolves.toEqualTypeOf<
    { orderId: string; status: 'shipped' } | string
  >();
  // @ts-expect-error SealToolOptions is closed
  seal.tool(lookup, { strictMode: true });
  // @ts-expect-error not a sealable tool
  seal.tool({ name: 'lookup' });
});

test('the approval helpers read and answer pending items without casts', async () => {
  const state = {} as RunState<unknown, never>;
  for (const item of await seal.pending(state)) {
    if (item.status !== 'pending') continue;
    expectTypeOf(item.proposalHash).toEqualTypeOf<string>();
    expectTypeOf(seal.approve(item, { approver: 'ana' })).resolves.toEqualTypeOf<ApprovalGrant>();
    await seal.reject(item, { approver: 'ana', message: 'not today' });
    await seal.approve(state, item.interruption, { approver: 'ana' });
    await seal.edit(state, item.interruption, { approver: 'ana', arguments: { cents: 1 } });
    // @ts-expect-error `message` belongs to reject
    await seal.approve(item, { approver: 'ana', message: 'no' });
    // @ts-expect-error the approver is required
    await seal.approve(item, {});
    // @ts-expect-error edit needs the edited arguments
    await seal.edit(state, item.interruption, { approver: 'ana' });
    // @ts-expect-error a pending item is decided without its state
    await seal.approve(state, item, { approver: 'ana' });
  }
  expectTypeOf<PendingApproval['status']>().toEqualTypeOf<'pending' | 'unmatched' | 'invalid'>();
});

test('createAgentsSeal refuses misuse at compile time', () => {
  // @ts-expect-error the authorizer is required
  createAgentsSeal({});
  // @ts-expect-error an unknown option key
  createAgentsSeal({ authorizer: seal.authorizer, modelProvide: undefined });
});

test('errors narrow by code to the family union', () => {
  const error: unknown = new ArgsealAgentsError('edit_denied', 'm');
  if (ArgsealAgentsError.isInstance(error)) {
    expectTypeOf(error.code).toEqualTypeOf<ArgsealAgentsErrorCode>();
    if (error.code === 'duplicate_tool') expectTypeOf(error.code).toEqualTypeOf<'duplicate_tool'>();
    // @ts-expect-error an ai-sdk code, not an openai-agents one
    if (error.code === 'approval_request_not_found') throw error;
  }
  // @ts-expect-error the constructor takes only the family's codes
  new ArgsealAgentsError('denied', 'm');
});
