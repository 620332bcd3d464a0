import { ArgsealError } from '@argseal/core';
import { isApprovalErrorCode } from '@argseal/core/store';

/**
 * Exit statuses of `argseal mcp` (the same as the `argseal` command's `EXIT_CODES`):
 * 64 for a wrong command line, config or store location, 2 for a pin the store refuses
 * to show or decide, 70 only for a bug.
 */
export const MCP_CLI_EXIT = { ok: 0, refused: 2, usage: 64, internal: 70 } as const;

// Codes (of McpSealError, or SqlStoreError from the pin store) that are the user's to fix:
// the command line, the config, where the data lives or its state. Exit 64.
const USAGE: ReadonlySet<string> = new Set([
  'invalid_config',
  'config_not_found',
  'store_unavailable',
  'store_locked',
  'schema_too_new',
  // the console as the store (`--console-url`, ConsoleError): its URL, token or reachability
  'invalid_console_url',
  'insecure_console_url',
  'missing_token',
  'console_unreachable',
  'invalid_authorization',
  'unauthenticated',
  'invalid_token',
  'forbidden_role',
  'pins_unavailable',
  // the URL answers, but not as an argseal console (a wrong path or another server)
  'invalid_response',
  'not_found',
  // the token is another agent's: the configured token or agent name is wrong
  'agent_mismatch',
]);

// Node's network errors (a PostgreSQL URL nobody answers, a name that does not resolve):
// the store's location is the user's to fix, reported as store_unavailable.
const UNREACHABLE: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

// Pin refusals of `pins show|approve|reject` (McpSealError or SqlStoreError). Exit 2.
const REFUSED: ReadonlySet<string> = new Set([
  'pin_not_found',
  'pin_not_pending',
  'pin_not_first_use',
  'invalid_pin_decision',
  'invalid_pin_definition',
]);

/** A usage error of `argseal mcp` (exit 64): `error: usage/<code> <detail>`. */
export function usageFailure(io: { stderr: (text: string) => void }, code: string, detail: string) {
  io.stderr(`error: usage/${code} ${detail}\n`);
  return MCP_CLI_EXIT.usage;
}

/**
 * Reports a failure of `argseal mcp` as one stderr line and returns its exit status:
 * `error: usage/<code> <message>` (64) or `error: pins/<code> <message>` (2) for an
 * argseal error the user can act on (their messages carry no argument payloads), else
 * `error: internal/<code> (<error name>)` (70) without the message, which may hold anything.
 */
export function reportCliFailure(error: unknown, io: { stderr: (text: string) => void }): number {
  if (ArgsealError.isInstance(error) && USAGE.has(error.code))
    return usageFailure(io, error.code, error.message);
  if (ArgsealError.isInstance(error) && REFUSED.has(error.code)) {
    io.stderr(`error: pins/${error.code} ${error.message}\n`);
    return MCP_CLI_EXIT.refused;
  }
  const code = (error as { code?: unknown } | null)?.code;
  // the approval store refuses a decision (not pending, invalid approver, ...): exit 2
  if (
    ArgsealError.isInstance(error) &&
    error.name === 'ApprovalError' &&
    isApprovalErrorCode(code)
  ) {
    io.stderr(`error: approve/${code} ${error.message}\n`);
    return MCP_CLI_EXIT.refused;
  }
  if (typeof code === 'string' && UNREACHABLE.has(code))
    return usageFailure(io, 'store_unavailable', `cannot reach the store (${code})`);
  const shown =
    typeof code === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : 'unexpected_error';
  const name =
    error instanceof Error ? error.name.replace(/[^\w.-]/g, '?').slice(0, 64) : typeof error;
  io.stderr(`error: internal/${shown} (${name})\n`);
  return MCP_CLI_EXIT.internal;
}
