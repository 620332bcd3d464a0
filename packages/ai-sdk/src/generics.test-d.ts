// Type tests (checked by `tsc` in `pnpm typecheck`): a sealed tool set keeps the names and
// the input/output types of the tools it wraps, the approval helpers need no casts, errors
// narrow by `code`, and misuse does not compile.
import { defineTool, type ToolPolicy } from '@argseal/core';
import type { ApprovalGrant } from '@argseal/core/store';
import { type ModelMessage, type Tool, tool } from 'ai';
import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import {
  ArgsealAiSdkError,
  type ArgsealAiSdkErrorCode,
  createAuthorizer,
  type PendingApproval,
  sealTools,
} from './index.js';

declare const policy: ToolPolicy;
const authorizer = createAuthorizer({ agent: 'support', policy });

const refund = defineTool({
  name: 'refund',
  schema: z.object({ orderId: z.string(), cents: z.number().int() }),
  execute: async (input) => ({ refunded: input.cents }),
});
const lookup = tool({
  description: 'look an order up',
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, status: 'shipped' as const }),
});

test('a sealed tool keeps the input and output types of the tool it wraps', () => {
  const sealed = sealTools({ refund, lookup }, { authorizer });
  expectTypeOf(sealed.tools).toHaveProperty('refund');
  expectTypeOf(sealed.tools.refund).toEqualTypeOf<
    Tool<{ orderId: string; cents: number }, { refunded: number }>
  >();
  expectTypeOf(sealed.tools.lookup).toEqualTypeOf<
    Tool<{ orderId: string }, { orderId: string; status: 'shipped' }>
  >();
  expectTypeOf(sealed.settings).returns.toHaveProperty('tools').toEqualTypeOf(sealed.tools);
});

test('the approval helpers read and answer pending items without casts', async () => {
  const sealed = sealTools({ refund }, { authorizer });
  const messages: ModelMessage[] = [];
  const [item] = await sealed.pending(messages);
  if (item === undefined) return;
  expectTypeOf(item).toEqualTypeOf<PendingApproval>();
  expectTypeOf(item.proposalHash).toEqualTypeOf<string>();
  expectTypeOf(item.reason).toEqualTypeOf<string>();
  expectTypeOf(
    sealed.approve(messages, item, { approver: 'ana' }),
  ).resolves.toEqualTypeOf<ApprovalGrant>();
  await sealed.reject(messages, item, { approver: 'ana', reason: 'no' });
  // @ts-expect-error approve options are closed: `reason` belongs to reject
  await sealed.approve(messages, item, { approver: 'ana', reason: 'no' });
  // @ts-expect-error the approver is required
  await sealed.approve(messages, item, {});
  // @ts-expect-error the item is a pending item (an approval id), not a hash string
  await sealed.approve(messages, item.proposalHash, { approver: 'ana' });
  expectTypeOf(sealed.proposalFor('call-1')?.proposalHash).toEqualTypeOf<string | undefined>();
});

test('sealTools refuses misuse at compile time', () => {
  // @ts-expect-error the authorizer is required
  sealTools({ refund }, {});
  // @ts-expect-error an unknown option key
  sealTools({ refund }, { authorizer, trustClientApproval: true });
  // @ts-expect-error a tool set entry must be a tool
  sealTools({ refund: { name: 'refund' } }, { authorizer });
  // @ts-expect-error trustClientApprovals takes a boolean or { approver }
  sealTools({ refund }, { authorizer, trustClientApprovals: 'yes' });
});

test('errors narrow by code to the family union', () => {
  const error: unknown = new ArgsealAiSdkError('denied', 'm', 'refund');
  if (ArgsealAiSdkError.isInstance(error)) {
    expectTypeOf(error.code).toEqualTypeOf<ArgsealAiSdkErrorCode>();
    if (error.code === 'approval_required')
      expectTypeOf(error.code).toEqualTypeOf<'approval_required'>();
    // @ts-expect-error not an ai-sdk code
    if (error.code === 'unsealable_tool') throw error;
  }
  // @ts-expect-error the constructor takes only the family's codes
  new ArgsealAiSdkError('interruption_not_found', 'm');
});
