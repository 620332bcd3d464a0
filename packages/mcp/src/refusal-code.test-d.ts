// Type tests (checked by `tsc` in `pnpm typecheck`): a refusal's code is a closed union of
// core's refusal codes and the proxy's own, so an invented or plain-string code does not compile.
import type { ValidationErrorCode } from '@argseal/core';
import type { RefusalCode } from '@argseal/core/kit';
import { expectTypeOf, test } from 'vitest';
import type { CallRefusal, McpRefusalCode, McpSealError, McpSealErrorCode } from './index.js';

test('CallRefusal.code is McpRefusalCode: core codes, the proxy codes, the fallback', () => {
  expectTypeOf<CallRefusal['code']>().toEqualTypeOf<McpRefusalCode>();
  expectTypeOf<RefusalCode>().toExtend<McpRefusalCode>();
  expectTypeOf<ValidationErrorCode>().toExtend<McpRefusalCode>();
  expectTypeOf<
    'unknown_tool' | 'definition_not_approved' | 'unrecognized_code'
  >().toExtend<McpRefusalCode>();
  expectTypeOf<string>().not.toExtend<McpRefusalCode>();
  const ok: CallRefusal = { code: 'denied', stage: 'policy', tool: 't', reason: 'over_limit' };
  expectTypeOf(ok.code).toEqualTypeOf<McpRefusalCode>();
  // @ts-expect-error not a refusal code
  const bad: CallRefusal = { code: 'nope', stage: 'policy', tool: 't' };
  // @ts-expect-error a plain string is not a code
  const plain: CallRefusal = { code: 'denied' as string, stage: 'policy', tool: 't' };
  void bad;
  void plain;
});

test('McpSealError.code is McpSealErrorCode, not string', () => {
  expectTypeOf<McpSealError['code']>().toEqualTypeOf<McpSealErrorCode>();
  expectTypeOf<string>().not.toExtend<McpSealErrorCode>();
});
