// Type tests (checked by `tsc -p tsconfig.json` in `pnpm typecheck`): the CLI's error codes
// are closed unions, so a misspelt or invented code does not compile.
import { expectTypeOf, test } from 'vitest';
import { type CliError, CliInputError, CliUsageError, rejectionLine } from './errors.js';
import { importOptional } from './import-optional.js';
import type { CliErrorCode, CliInputErrorCode, CliUsageErrorCode } from './index.js';

test('CliUsageError takes and exposes only CliUsageErrorCode', () => {
  expectTypeOf(new CliUsageError('unknown_option', 'd').code).toEqualTypeOf<CliUsageErrorCode>();
  new CliUsageError('mcp_not_installed', 'd');
  // @ts-expect-error not a usage code
  new CliUsageError('bad_option', 'd');
  // @ts-expect-error a plain string is not a code
  new CliUsageError('unknown_option' as string, 'd');
  // @ts-expect-error an input code is not a usage code
  new CliUsageError('invalid_utf8', 'd');
  // @ts-expect-error only the optional commands have a not-installed code
  new CliUsageError('hash_not_installed', 'd');
});

test('CliInputError takes only CliInputErrorCode; both are CliErrors', () => {
  const e = new CliInputError('invalid_utf8');
  expectTypeOf(e.code).toEqualTypeOf<CliInputErrorCode>();
  // @ts-expect-error not an input code
  new CliInputError('invalid_json');
  expectTypeOf(e).toExtend<CliError>();
  expectTypeOf(new CliUsageError('missing_command', 'd')).toExtend<CliError>();
  expectTypeOf<CliUsageErrorCode | CliInputErrorCode>().toEqualTypeOf<CliErrorCode>();
});

test('rejection lines and optional imports take only known codes', () => {
  rejectionLine('decode', 'duplicate_key', '/a');
  rejectionLine('decode', 'invalid_utf8', '');
  // @ts-expect-error not a validation or input code
  rejectionLine('decode', 'dup_key', '/a');
  void importOptional('@argseal/console', 'console');
  // @ts-expect-error "hash" loads nothing optional
  void importOptional('@argseal/console', 'hash');
});
