// Type tests (checked by `tsc -p tsconfig.json` in `pnpm typecheck`): the console's error
// codes are closed unions, so a misspelt or invented code does not compile.
import { expectTypeOf, test } from 'vitest';
import { isHttpErrorCode } from './http-error-codes.js';
import { HttpError } from './http-errors.js';
import {
  ConsoleError,
  type ConsoleErrorCode,
  type ErrorBody,
  type HttpErrorCode,
} from './index.js';

test('ConsoleError takes and exposes only ConsoleErrorCode', () => {
  expectTypeOf(new ConsoleError('weak_token', 'm').code).toEqualTypeOf<ConsoleErrorCode>();
  // an HTTP answer's code is a console code too
  new ConsoleError('agent_mismatch', 'm', { status: 403 });
  new ConsoleError('unrecognized_code', 'm', { status: 418 });
  // @ts-expect-error not a console code
  new ConsoleError('unauthorized', 'm');
  // @ts-expect-error a plain string is not a code
  new ConsoleError('weak_token' as string, 'm');
  const code: ConsoleErrorCode = new ConsoleError('console_unreachable', 'm').code;
  // @ts-expect-error comparing with a code the union doesn't have is a type error
  if (code === 'console_down') throw new Error('unreachable');
});

test('HttpError takes only HttpErrorCode and derives its status', () => {
  const e = new HttpError('pin_not_found', 'm');
  expectTypeOf(e.code).toEqualTypeOf<HttpErrorCode>();
  expectTypeOf(e.status).toExtend<number>();
  // @ts-expect-error the status follows from the code; it is not an argument
  new HttpError(404, 'pin_not_found', 'm');
  // @ts-expect-error a configuration code is not an HTTP answer
  new HttpError('weak_token', 'm');
  // @ts-expect-error a store code is sent as kind approval, never as an HttpError
  new HttpError('duplicate_approval', 'm');
  expectTypeOf<HttpErrorCode>().toExtend<ConsoleErrorCode>();
});

test('ErrorBody pairs each kind with its code union', () => {
  const body: ErrorBody = { error: { code: 'duplicate_approval', message: 'm', kind: 'approval' } };
  expectTypeOf(body.error.code).toExtend<string>();
  // @ts-expect-error a store code with kind console
  const wrong: ErrorBody = { error: { code: 'duplicate_approval', message: 'm', kind: 'console' } };
  void wrong;
});

test('isHttpErrorCode narrows unknown', () => {
  const received: unknown = 'not_found';
  if (isHttpErrorCode(received)) new HttpError(received, 'm');
  // @ts-expect-error without the check an unknown value is not a code
  new HttpError(received, 'm');
});
