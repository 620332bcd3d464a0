import type { ArgsealError } from '@argseal/core';
import { HookError, type HookErrorCode } from '@argseal/hooks';
import { McpSealError, type McpSealErrorCode } from '@argseal/mcp';
import { expectTypeOf, test } from 'vitest';
import { CliError, type CliErrorCode } from './errors.js';

test('isInstance narrows to the family and its typed code union', () => {
  const value: unknown = undefined;
  if (McpSealError.isInstance(value)) expectTypeOf(value.code).toEqualTypeOf<McpSealErrorCode>();
  if (HookError.isInstance(value)) {
    expectTypeOf(value.code).toEqualTypeOf<HookErrorCode>();
    expectTypeOf(value).toMatchTypeOf<ArgsealError>();
  }
  if (CliError.isInstance(value)) expectTypeOf(value.code).toEqualTypeOf<CliErrorCode>();
});
