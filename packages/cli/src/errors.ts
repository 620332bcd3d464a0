import { displayPointer } from './display.js';

/**
 * A command-line mistake (unknown command or option, missing value, unreadable file).
 * Printed as one line `error: usage/<code> <detail>`, exit status 64.
 */
export class CliUsageError extends Error {
  readonly code: string;
  readonly detail: string;

  /** `detail` must already be display-safe (see `quote`). */
  constructor(code: string, detail: string) {
    super(`usage/${code} ${detail}`);
    this.name = 'CliUsageError';
    this.code = code;
    this.detail = detail;
  }
}

/**
 * Input that was read but rejected. Mirrors core's ToolArgumentsValidationError fields
 * for failures the CLI detects itself before decoding (invalid UTF-8, oversize input).
 */
export class CliInputError extends Error {
  readonly stage = 'decode';
  readonly code: string;
  readonly path: string;

  constructor(code: string, path = '') {
    super(`decode/${code}`);
    this.name = 'CliInputError';
    this.code = code;
    this.path = path;
  }
}

/** The stderr line for rejected input: `error: <stage>/<code> at <path>`. */
export function rejectionLine(stage: string, code: string, path: string): string {
  return `error: ${stage}/${code} at ${displayPointer(path)}\n`;
}

/** The stderr line for a usage error. */
export function usageLine(error: CliUsageError): string {
  return `error: usage/${error.code} ${error.detail}\n`;
}
