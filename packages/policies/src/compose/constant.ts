import type { ToolPolicy } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import type { ApprovalRule } from '@argseal/core/store';
import { PolicyConfigError } from '../errors.js';
import { extrasOf, validExtras } from '../internal/approval-extras.js';
import { decide } from '../internal/decision.js';

function checkReason(fn: string, reason: unknown): asserts reason is string {
  if (typeof reason !== 'string' || reason === '') {
    throw new PolicyConfigError(
      'invalid_policy_options',
      `${fn}: reason must be a non-empty string`,
    );
  }
}

/** A policy that always allows. Useful as the last rule of a {@link firstMatch}. */
export function alwaysAllow<C = unknown>(options: { name?: string } = {}): ToolPolicy<C> {
  assertKnownOptions('alwaysAllow', options, ['name']);
  const name = options.name ?? 'alwaysAllow';
  return () => decide(name, 'allow');
}

/** A policy that always denies with `reason` (default `denied_by_default`). */
export function alwaysDeny<C = unknown>(
  reason = 'denied_by_default',
  options: { name?: string } = {},
): ToolPolicy<C> {
  assertKnownOptions('alwaysDeny', options, ['name']);
  checkReason('alwaysDeny', reason);
  const name = options.name ?? 'alwaysDeny';
  return () => decide(name, 'deny', reason);
}

/**
 * A policy that always requires a human approval with `reason` (default `approval_required`),
 * optionally with four eyes (`approvals`) and `risk: 'high'`.
 */
export function alwaysRequireApproval<C = unknown>(
  reason = 'approval_required',
  options: { name?: string; risk?: 'high'; approvals?: ApprovalRule } = {},
): ToolPolicy<C> {
  assertKnownOptions('alwaysRequireApproval', options, ['name', 'risk', 'approvals']);
  checkReason('alwaysRequireApproval', reason);
  if (!validExtras(options))
    throw new PolicyConfigError(
      'invalid_policy_options',
      'alwaysRequireApproval: risk must be "high" and approvals { required?: 1-10, group?, excludeRequester? }',
    );
  const name = options.name ?? 'alwaysRequireApproval';
  const extras = extrasOf(options);
  return () => ({ ...decide(name, 'require_approval', reason), ...extrasOf(extras) });
}
