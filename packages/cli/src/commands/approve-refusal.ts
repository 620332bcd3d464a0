import type { ApprovalErrorCode } from '@argseal/core/store';
import { isApprovalErrorCode } from '@argseal/core/store';
import type { HookErrorCode } from '@argseal/hooks';

// Every HookErrorCode once (the Record type fails to compile when the union changes).
const HOOK_CODES: Readonly<Record<HookErrorCode, true>> = {
  input_too_large: true,
  input_not_utf8: true,
  invalid_hook_input: true,
  reserved_input_key: true,
  unsupported_event: true,
  unknown_host: true,
  config_not_found: true,
  config_unreadable: true,
  invalid_config: true,
  config_module_failed: true,
  store_unavailable: true,
  store_locked: true,
  proposal_not_found: true,
  timeout: true,
};

/** A code `argseal approve` prints as `error: approve/<code>` (exit 2). */
export type ApproveRefusalCode = HookErrorCode | ApprovalErrorCode | 'unrecognized_code';

/**
 * The code of an `approve/<code>` line for a store or config refusal, closed: a HookError
 * keeps a `HookErrorCode`, an ApprovalError an `ApprovalErrorCode`, and any other code of
 * theirs (another package version) is `unrecognized_code`. Undefined for anything else,
 * which is a bug (`internal/...`, exit 70).
 */
export function approveRefusalCode(error: unknown): ApproveRefusalCode | undefined {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (typeof code !== 'string') return undefined;
  if (name === 'HookError')
    return Object.hasOwn(HOOK_CODES, code) ? (code as HookErrorCode) : 'unrecognized_code';
  if (name === 'ApprovalError') return isApprovalErrorCode(code) ? code : 'unrecognized_code';
  return undefined;
}
