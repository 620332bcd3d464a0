import { ArgsealError } from '@argseal/core';
import type { HttpErrorCode } from './http-error-codes.js';

const CONSOLE_MARKER = Symbol.for('argseal.error.console');

/**
 * Codes of {@link ConsoleError}: the console's configuration and start-up refusals, the
 * HTTP clients' own refusals, and every {@link HttpErrorCode} a console answered a client
 * call with (`status` then holds the HTTP status).
 */
export type ConsoleErrorCode =
  /** No approver token is configured; there is no default token. */
  | 'no_approver_tokens'
  /** A token list entry is not `name:token` (or a `{name, token}` object). */
  | 'invalid_token_entry'
  /** A token name does not match `[A-Za-z0-9][A-Za-z0-9._@-]{0,63}`. */
  | 'invalid_token_name'
  /** A token is shorter than `MIN_TOKEN_LENGTH` or not printable ASCII. */
  | 'weak_token'
  /** A token is listed twice, or is both an approver and an agent token. */
  | 'duplicate_token'
  /** Two token names are one identity (`bob` and `Bob`): a person is spelled one way. */
  | 'ambiguous_token_name'
  /** An options object has a key the console does not know (also core's `UnknownOptionError`). */
  | 'unknown_option'
  /** The config file (`--config`) is malformed: unknown key, bad tokens or approver groups. */
  | 'invalid_config'
  /** The config file cannot be read (or, for `--init`, created). */
  | 'config_unreadable'
  /** `--init`: the config file exists; it is never overwritten. */
  | 'config_exists'
  /** Options of `startConsole` / `createConsoleServer` contradict each other or are malformed. */
  | 'invalid_options'
  /** A webhook URL that is not https (or http to loopback). */
  | 'invalid_webhook_url'
  /** PostgreSQL storage without `--database-url` or `DATABASE_URL`. */
  | 'missing_database_url'
  /** The database cannot be loaded or opened (an embedded directory locked by another process). */
  | 'storage_unavailable'
  /** The console cannot listen on the host and port. */
  | 'listen_failed'
  /** Client: `url` is not an absolute http(s) URL. */
  | 'invalid_console_url'
  /** Client: plain http to a non-loopback host without `allowInsecureHttp`. */
  | 'insecure_console_url'
  /** Client: an empty agent token. */
  | 'missing_token'
  /** Client: the request failed or timed out before an answer. */
  | 'console_unreachable'
  /** Client: the answer is not JSON, or an error answer without a string `error.code`. */
  | 'invalid_response'
  /**
   * Client: an error answer whose code this version does not know (a newer console, a proxy);
   * the closed default, never the received string.
   */
  | 'unrecognized_code'
  /** Client: `decide` on the HTTP approval store; people decide in the console. */
  | 'decide_not_allowed'
  | HttpErrorCode;

/**
 * The console refused a configuration or a request: a stable {@link ConsoleErrorCode},
 * e.g. `no_approver_tokens`, `weak_token`, `console_unreachable`, or the code of the
 * console's HTTP answer. Messages never contain tokens or argument payloads.
 */
export class ConsoleError extends ArgsealError {
  declare readonly code: ConsoleErrorCode;
  /** HTTP status when the error came from (or maps to) an HTTP response. */
  readonly status: number | undefined;

  constructor(
    code: ConsoleErrorCode,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
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
