// Type tests (checked by `tsc -p tsconfig.test.json` in `pnpm typecheck`): defineTool infers
// input and output from the schema and `execute`, its per-tool `policy` sees the tool's
// context type, and misuse does not compile.
import { expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { type ArgsealTool, defineTool, type ToolPolicy } from '../index.js';

interface Shop {
  shopId: string;
  limitCents: number;
}

const schema = z.object({ orderId: z.string(), cents: z.number().int() });

test('input comes from the schema, output from execute, context from the policy', () => {
  const refund = defineTool({
    name: 'refund',
    schema,
    execute: async (input, ctx: { context: Shop }) => ({
      refunded: input.cents,
      shop: ctx.context.shopId,
    }),
    policy: ({ context }) =>
      context.limitCents > 0 ? { type: 'allow' } : { type: 'deny', reason: 'no budget' },
  });
  expectTypeOf(refund).toEqualTypeOf<
    ArgsealTool<{ orderId: string; cents: number }, { refunded: number; shop: string }, Shop>
  >();
  expectTypeOf(refund.policy).toEqualTypeOf<ToolPolicy<Shop> | undefined>();
});

test('the policy receives the context type the tool declares', () => {
  defineTool<{ orderId: string; cents: number }, number, Shop>({
    name: 'refund',
    schema,
    execute: (input) => input.cents,
    policy: (input) => {
      expectTypeOf(input.context).toEqualTypeOf<Shop>();
      expectTypeOf(input.proposalHash).toEqualTypeOf<string>();
      return { type: 'require_approval', reason: 'refunds need a human' };
    },
  });
});

test('misuse does not compile', () => {
  defineTool({
    name: 'refund',
    // @ts-expect-error the input is the schema's output: cents is a number, not a string
    schema,
    execute: (input: { orderId: string; cents: string }) => input.cents,
  });
  defineTool({
    name: 'refund',
    schema,
    execute: (input) => input.cents,
    // @ts-expect-error a policy is a function, not a decision
    policy: { type: 'allow' },
  });
  defineTool({
    name: 'refund',
    schema,
    execute: (input) => input.cents,
    // @ts-expect-error a deny needs a reason
    policy: () => ({ type: 'deny' }),
  });
  defineTool({
    name: 'refund',
    schema,
    execute: (input) => input.cents,
    // @ts-expect-error ToolDefinition is closed: `policies` is not a key
    policies: [],
  });
  // @ts-expect-error a schema is a Standard Schema, not a JSON Schema object
  defineTool({ name: 'refund', schema: { type: 'object' }, execute: () => 1 });
});
