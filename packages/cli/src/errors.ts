import { ArgsealError, type ValidationErrorCode } from '@argseal/core';
import { displayPointer } from './display.js';

/** The commands that load a package the CLI does not depend on (`<command>_not_installed`). */
export type OptionalCommand = 'console' | 'mcp' | 'hook' | 'approve' | 'policy';

/**
 * Codes of a usage error, printed as `error: usage/<code> <detail>` with exit status 64.
 */
export type CliUsageErrorCode =
  /** No command given. */
  | 'missing_command'
  /** Not one of the commands (`argseal --help` lists them). */
  | 'unknown_command'
  /** An option the command does not have. */
  | 'unknown_option'
  /** A string option without a value. */
  | 'missing_value'
  /** A value given to a flag (`--help=yes`). */
  | 'unexpected_value'
  /** An option given twice. */
  | 'duplicate_option'
  /** A required option (`hash --agent`, `--tool`) is missing. */
  | 'missing_option'
  /** An option value out of range: an empty name, a limit, `--uses`. */
  | 'invalid_option_value'
  /** More positional arguments than the command takes. */
  | 'unexpected_argument'
  /** A required positional argument (`approve <id>`, `hook <host>`) is missing. */
  | 'missing_argument'
  /** `audit` without `verify` or `export`. */
  | 'missing_action'
  /** `hook` with a host other than `claude-code`, `codex`, `permission-server`. */
  | 'unknown_host'
  /** `policy`: two options that exclude each other (`--schema` and `--tools`). */
  | 'conflicting_options'
  /** `policy`: a `--tools`, `--server`, `--context` or `--audit` file that is not JSON. */
  | 'invalid_json_file'
  /** `--expect-head` is not `N:HASH`. */
  | 'invalid_head'
  /** `FILE` cannot be opened or read (the system error code is shown). */
  | 'unreadable_file'
  /** The package a command needs is not installed beside `argseal`. */
  | `${OptionalCommand}_not_installed`
  /** `audit`: the embedded console data directory does not exist. */
  | 'audit_store_missing'
  /** `audit`: the console's storage cannot be opened (a console still running on it?). */
  | 'storage_unavailable'
  /** `approve`: the config's `wake` engine package (`@argseal/dbos`, `@argseal/workflow`) is not installed. */
  | 'wake_engine_not_installed'
  /** `approve`: the config's `wake` engine cannot be opened (its URL); nothing was decided. */
  | 'wake_unavailable';

/** Codes of input the CLI rejects itself, before decoding (exit status 2). */
export type CliInputErrorCode =
  /** The input is longer than `--max-length` (reading stops early). */
  | 'max_length_exceeded'
  /** The bytes are not valid UTF-8. */
  | 'invalid_utf8';

/** Every code of the CLI's own errors. */
export type CliErrorCode = CliUsageErrorCode | CliInputErrorCode;

const CLI_MARKER = Symbol.for('argseal.error.cli');

/** Base of the CLI's errors: core's `ArgsealError` with a {@link CliErrorCode}. */
export class CliError extends ArgsealError {
  declare readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string) {
    super(code, message);
    this.name = 'CliError';
    Object.defineProperty(this, CLI_MARKER, { value: true });
  }

  /** True for a CLI error from any copy of this package; false for other argseal errors. */
  static override isInstance(value: unknown): value is CliError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[CLI_MARKER] === true
    );
  }
}

/**
 * A command-line mistake (unknown command or option, missing value, unreadable file).
 * Printed as one line `error: usage/<code> <detail>`, exit status 64.
 */
export class CliUsageError extends CliError {
  declare readonly code: CliUsageErrorCode;
  readonly detail: string;

  /** `detail` must already be display-safe (see `quote`). */
  constructor(code: CliUsageErrorCode, detail: string) {
    super(code, `usage/${code} ${detail}`);
    this.name = 'CliUsageError';
    this.detail = detail;
  }
}

/**
 * Input that was read but rejected. Mirrors core's ToolArgumentsValidationError fields
 * for failures the CLI detects itself before decoding (invalid UTF-8, oversize input).
 */
export class CliInputError extends CliError {
  declare readonly code: CliInputErrorCode;
  readonly stage = 'decode';
  readonly path: string;

  constructor(code: CliInputErrorCode, path = '') {
    super(code, `decode/${code}`);
    this.name = 'CliInputError';
    this.path = path;
  }
}

/** The stderr line for rejected input: `error: <stage>/<code> at <path>`. */
export function rejectionLine(
  stage: string,
  code: ValidationErrorCode | CliInputErrorCode,
  path: string,
): string {
  return `error: ${stage}/${code} at ${displayPointer(path)}\n`;
}

/** The stderr line for a usage error. */
export function usageLine(error: CliUsageError): string {
  return `error: usage/${error.code} ${error.detail}\n`;
}
