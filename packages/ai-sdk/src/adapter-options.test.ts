import { ArgsealConfigError, createAuthorizer, defineTool } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sealTools } from './index.js';

const refund = defineTool({
  name: 'refund',
  schema: z.object({ amount: z.number() }),
  execute: () => 'ok',
});

describe('shared adapter options (the kit AdapterOptions)', () => {
  it.each([
    ['no authorizer', { authorizer: undefined }],
    ['a bad ledger bound', { maxCachedCalls: -1 }],
    ['a non-boolean allowDecodedOnly', { allowDecodedOnly: 1 }],
  ])('%s: invalid_adapter_options at setup', (_label, bad) => {
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    let error: unknown;
    try {
      sealTools([refund], { authorizer, ...bad } as never);
    } catch (e) {
      error = e;
    }
    expect(ArgsealConfigError.isInstance(error) && error.code).toBe('invalid_adapter_options');
  });

  it('context may be a function, resolved once per call', async () => {
    const seen: unknown[] = [];
    let n = 0;
    const authorizer = createAuthorizer<{ n: number }>({
      agent: 'a',
      policy: ({ context }) => {
        seen.push(context);
        return { type: 'allow' };
      },
    });
    const sealed = sealTools([refund], {
      authorizer,
      context: () => ({ n: ++n }),
      allowDecodedOnly: true,
    });
    const execute = sealed.tools.refund!.execute!;
    const options = { toolCallId: 'c1', messages: [] } as never;
    await execute({ amount: 1 }, options);
    await execute({ amount: 2 }, { ...(options as object), toolCallId: 'c2' } as never);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
