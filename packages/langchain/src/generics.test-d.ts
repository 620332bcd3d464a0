// Type tests (checked by `tsc` in `pnpm typecheck`): a sealed tool keeps the input and
// output types of the tool it wraps, the approval/resume helpers need no casts, errors
// narrow by `code`, and misuse does not compile.
import { defineTool, type ToolPolicy } from '@argseal/core';
import { tool } from '@langchain/core/tools';
import type { Command } from '@langchain/langgraph';
import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import {
  ArgsealLangChainError,
  type ArgsealLangChainErrorCode,
  type ArgsealResume,
  approve,
  approveAll,
  argsealMiddleware,
  createAuthorizer,
  edit,
  getApprovalRequest,
  reject,
  resumeWith,
  sealTool,
} from './index.js';

declare const policy: ToolPolicy;
const authorizer = createAuthorizer({ agent: 'support', policy });

const refund = defineTool({
  name: 'refund',
  schema: z.object({ orderId: z.string(), cents: z.number().int() }),
  execute: async (input) => ({ refunded: input.cents }),
});
const lookup = tool(async ({ orderId }) => `order ${orderId} shipped`, {
  name: 'lookup',
  description: 'look an order up',
  schema: z.object({ orderId: z.string() }),
});

test('a sealed argseal tool takes its input (or raw JSON text) and returns its output', async () => {
  const sealed = sealTool(refund, { authorizer });
  expectTypeOf(sealed.invoke({ orderId: 'A-1', cents: 5 })).resolves.toEqualTypeOf<{
    refunded: number;
  }>();
  await sealed.invoke('{"orderId":"A-1","cents":5}');
  // @ts-expect-error cents is a number
  await sealed.invoke({ orderId: 'A-1', cents: '5' });
  // @ts-expect-error orderId is required
  await sealed.invoke({ cents: 5 });
});

test('a sealed LangChain tool keeps its schema input and its output', async () => {
  const sealed = sealTool(lookup, { authorizer });
  // what the unsealed tool returns for the same input
  expectTypeOf(sealed.invoke({ orderId: 'A-1' })).toEqualTypeOf(lookup.invoke({ orderId: 'A-1' }));
  expectTypeOf(sealed.invoke({ orderId: 'A-1' })).resolves.toExtend<string>();
  // @ts-expect-error orderId is a string
  await sealed.invoke({ orderId: 1 });
});

test('sealTool and the middleware refuse misuse at compile time', () => {
  // @ts-expect-error the authorizer is required
  sealTool(refund, {});
  // @ts-expect-error an unknown option key
  sealTool(refund, { authorizer, jsonSchemas: {} });
  // @ts-expect-error not a sealable tool
  sealTool({ name: 'refund' }, { authorizer });
  // @ts-expect-error an unknown option key
  argsealMiddleware({ authorizer, tools: [refund], passthrough: ['x'] });
  // @ts-expect-error tools are tools
  argsealMiddleware({ authorizer, tools: ['refund'] });
});

test('the approval request and decisions need no casts', () => {
  const request = getApprovalRequest({});
  if (request === undefined) return;
  const [proposal] = request.proposals;
  if (proposal === undefined) return;
  expectTypeOf(proposal.proposalHash).toEqualTypeOf<string>();
  expectTypeOf(proposal.id).toEqualTypeOf<string>();
  const resume: ArgsealResume = {
    approver: 'ana',
    decisions: [
      approve(proposal),
      reject(proposal, { note: 'no' }),
      edit(proposal, { name: 'refund', args: { orderId: 'A-1', cents: 1 } }),
    ],
  };
  expectTypeOf(resumeWith(resume)).toEqualTypeOf<Command>();
  expectTypeOf(approveAll({}, { approver: 'ana' })).toEqualTypeOf<Command | undefined>();
  // @ts-expect-error approveAll's options are closed
  approveAll({}, { approver: 'ana', ttlMs: 5 });
  // @ts-expect-error a decision needs the proposal (id and hash), not its hash alone
  approve(proposal.proposalHash);
});

test('errors narrow by code to the family union', () => {
  const error: unknown = new ArgsealLangChainError('denied', 'm');
  if (ArgsealLangChainError.isInstance(error)) {
    expectTypeOf(error.code).toEqualTypeOf<ArgsealLangChainErrorCode>();
    if (error.code === 'missing_checkpointer')
      expectTypeOf(error.code).toEqualTypeOf<'missing_checkpointer'>();
    // @ts-expect-error an openai-agents code, not a langchain one
    if (error.code === 'interruption_not_found') throw error;
  }
  // @ts-expect-error the constructor takes only the family's codes
  new ArgsealLangChainError('edit_denied', 'm');
});
