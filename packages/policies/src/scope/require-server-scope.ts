import type { ToolPolicy } from '@argseal/core';
import { assertKnownOptions } from '@argseal/core';
import { PolicyConfigError } from '../errors.js';
import { decide } from '../internal/decision.js';
import type { ScopeReader } from './scoped-tool.js';

/**
 * Denies (`scope_missing`) a call whose server context carries no scope: `read`
 * returned `undefined`/`null` or threw. Otherwise allows (`scope_present`).
 */
export function requireServerScope<C = unknown>(
  read: ScopeReader<C, unknown>,
  options: { name?: string } = {},
): ToolPolicy<C> {
  assertKnownOptions('requireServerScope', options, ['name']);
  if (typeof read !== 'function') {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'requireServerScope: read must be a function',
    );
  }
  const name = options.name ?? 'requireServerScope';
  return function requireServerScope(input) {
    let scope: unknown;
    try {
      scope = read(input.context);
    } catch {
      scope = undefined;
    }
    if (scope === undefined || scope === null) return decide(name, 'deny', 'scope_missing');
    return decide(name, 'allow', 'scope_present');
  };
}
