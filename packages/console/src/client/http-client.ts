import { ApprovalError, assertKnownOptions } from '@argseal/core';
import { isApprovalErrorCode } from '@argseal/core/store';
import { ConsoleError } from '../errors.js';
import { type HttpErrorCode, isHttpErrorCode } from '../http-error-codes.js';

/**
 * Connection settings of {@link createConsoleApprovalStore} and {@link createConsoleAuditSink}
 * (an agent talking to a running console over HTTP). Checked when the client is created:
 * {@link ConsoleError} `invalid_console_url` (not an absolute http(s) URL),
 * `insecure_console_url` (plain http to a non-loopback host without `allowInsecureHttp`),
 * `missing_token` (empty token).
 */
export interface ConsoleClientOptions {
  /** The console's base URL, e.g. `http://127.0.0.1:7407`. */
  url: string;
  /** An agent token (`ARGSEAL_CONSOLE_AGENT_TOKENS`). Never an approver token. */
  token: string;
  /** Custom fetch (tests, proxies). Default: global fetch. */
  fetch?: typeof fetch;
  /** Per-request timeout. Default 15 s. */
  timeoutMs?: number;
  /** Allow plain http to a host other than loopback (the token travels in clear). Default false. */
  allowInsecureHttp?: boolean;
}

export type ConsoleRequest = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<unknown>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const CLIENT_OPTION_KEYS = ['url', 'token', 'fetch', 'timeoutMs', 'allowInsecureHttp'];

/**
 * The error an error answer stands for, closed: `kind: 'approval'` with an
 * `ApprovalErrorCode` is that `ApprovalError`; a console {@link HttpErrorCode} is a
 * `ConsoleError` with it; a code this version does not know is `unrecognized_code`, and an
 * answer without a string code is `invalid_response` (both keep the HTTP status).
 */
function refusal(json: unknown, status: number): ApprovalError | ConsoleError {
  const error = (json as { error?: { code?: unknown; message?: unknown; kind?: unknown } } | null)
    ?.error;
  const code = error?.code;
  const message =
    typeof error?.message === 'string' ? error.message : `the console answered ${status}`;
  if (error?.kind === 'approval' && isApprovalErrorCode(code))
    return new ApprovalError(code, message);
  if (error?.kind !== 'approval' && isHttpErrorCode(code))
    return new ConsoleError(code, message, { status });
  if (typeof code !== 'string')
    return new ConsoleError(
      'invalid_response',
      `the console answered ${status} without an error code`,
      {
        status,
      },
    );
  return new ConsoleError(
    'unrecognized_code',
    `the console answered ${status} with an unknown error code`,
    {
      status,
    },
  );
}

/**
 * A small JSON client for the agent API. Error responses become the error the server named:
 * store refusals as `ApprovalError` (same code as an in-process store), others as
 * `ConsoleError` with the HTTP status; a code this client does not know is
 * `unrecognized_code`, never the received string; a network failure is `console_unreachable`.
 */
export function createConsoleRequest(options: ConsoleClientOptions): ConsoleRequest {
  assertKnownOptions('console client', options, CLIENT_OPTION_KEYS);
  let base: URL;
  try {
    base = new URL(options?.url);
  } catch {
    throw new ConsoleError(
      'invalid_console_url',
      'url must be an absolute http(s) URL of the console',
    );
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new ConsoleError(
      'invalid_console_url',
      'url must be an absolute http(s) URL of the console',
    );
  }
  if (base.protocol === 'http:' && !LOOPBACK.has(base.hostname) && !options.allowInsecureHttp) {
    throw new ConsoleError(
      'insecure_console_url',
      'refusing to send a token over plain http to a non-loopback host; use https',
    );
  }
  if (typeof options.token !== 'string' || options.token === '') {
    throw new ConsoleError('missing_token', 'an agent token is required');
  }
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeout = options.timeoutMs ?? 15_000;
  // trailing slashes off (a loop: the regex /\/+$/ backtracks polynomially on long runs)
  let end = base.href.length;
  while (end > 0 && base.href.charCodeAt(end - 1) === 47) end--;
  const root = base.href.slice(0, end);

  return async (method, path, body) => {
    let response: Response;
    try {
      response = await doFetch(`${root}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.token}`,
          Accept: 'application/json',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeout),
      });
    } catch (cause) {
      throw new ConsoleError('console_unreachable', `cannot reach the console at ${base.origin}`, {
        cause,
      });
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch (cause) {
      throw new ConsoleError(
        'invalid_response',
        `the console answered ${response.status} without JSON`,
        {
          status: response.status,
          cause,
        },
      );
    }
    if (response.ok) return json;
    throw refusal(json, response.status);
  };
}
