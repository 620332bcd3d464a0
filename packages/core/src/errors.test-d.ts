// Type tests (checked by `tsc -p tsconfig.test.json` in `pnpm typecheck`): error codes are
// closed unions, so a misspelt or invented code does not compile.
import { expectTypeOf, test } from 'vitest';
import {
  ApprovalError,
  ArgsealConfigError,
  type ConfigErrorCode,
  ToolArgumentsValidationError,
  type ValidationErrorCode,
} from './index.js';
import { type ApprovalErrorCode, isApprovalErrorCode } from './store/index.js';

test('ApprovalError takes and exposes only ApprovalErrorCode', () => {
  expectTypeOf(
    new ApprovalError('proposal_not_pending', 'm').code,
  ).toEqualTypeOf<ApprovalErrorCode>();
  // @ts-expect-error not an approval code
  new ApprovalError('unknown_proposal', 'm');
  // @ts-expect-error a plain string is not a code
  new ApprovalError('proposal_not_found' as string, 'm');
  const code: ApprovalErrorCode = new ApprovalError('duplicate_approval', 'm').code;
  // @ts-expect-error comparing with a code the union doesn't have is a type error
  if (code === 'proposal_missing') throw new Error('unreachable');
});

test('validation and config errors take only their unions', () => {
  const v = new ToolArgumentsValidationError({ stage: 'decode', code: 'duplicate_key', path: '' });
  expectTypeOf(v.code).toEqualTypeOf<ValidationErrorCode>();
  // @ts-expect-error not a validation code
  new ToolArgumentsValidationError({ stage: 'decode', code: 'dup_key', path: '' });
  expectTypeOf(new ArgsealConfigError('missing_policy', 'm').code).toEqualTypeOf<ConfigErrorCode>();
  // @ts-expect-error not a config code
  new ArgsealConfigError('no_policy', 'm');
});

test('isApprovalErrorCode narrows unknown to ApprovalErrorCode', () => {
  const received: unknown = 'proposal_not_found';
  if (isApprovalErrorCode(received)) {
    expectTypeOf(received).toEqualTypeOf<ApprovalErrorCode>();
    new ApprovalError(received, 'm');
  }
  // @ts-expect-error without the check an unknown value is not a code
  new ApprovalError(received, 'm');
});
