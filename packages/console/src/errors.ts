import { ArgsealError } from '@argseal/core';

const CONSOLE_MARKER = Symbol.for('argseal.error.console');

/**
 * The console refused a configuration or a request. `code` is stable, e.g.
 * `no_approver_tokens`, `weak_token`, `unauthorized`, `console_unreachable`.
 * Messages never contain tokens or argument payloads.
 */
export class ConsoleError extends ArgsealError {
  /** HTTP status when the error came from (or maps to) an HTTP response. */
  readonly status: number | undefined;

  constructor(code: string, message: string, options?: { status?: number; cause?: unknown }) {
    super(code, message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ConsoleError';
    this.status = options?.status;
    Object.defineProperty(this, CONSOLE_MARKER, { value: true });
  }

  static override isInstance(value: unknown): value is ConsoleError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[CONSOLE_MARKER] === true
    );
  }
}
