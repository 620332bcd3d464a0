import type { ApprovalStore } from '../approvals/types.js';
import type { AuditEvent, AuditRecordsQuery, AuditSink } from '../audit/types.js';
import { ArgsealConfigError } from '../errors.js';
import { isWellFormedString } from '../json/strict-domain.js';
import { assertKnownOptions } from '../options/known-options.js';
import type { PolicyMode, ToolPolicy } from '../policy/types.js';
import { approvalsOrDefault } from './default-approvals.js';
import { AUTHORIZER_OPTION_KEYS, withPolicyErrorHook } from './policy-error-hook.js';
import { readTelemetry, type Telemetry } from './telemetry.js';
import type { AuthorizerOptions, RewriteHook } from './types.js';

/** An authorizer's options, checked, with their defaults filled in. */
export interface AuthorizerConfig {
  agent: string;
  /** The policy as the pipeline runs it (with `onPolicyError` around it). */
  policy: ToolPolicy<any>;
  /** Checked: a function or `undefined`. Also told what a tool's own policy threw. */
  onPolicyError: AuthorizerOptions<any>['onPolicyError'];
  mode: PolicyMode;
  rewrite: readonly RewriteHook<any>[];
  /** The audit sink, hashing with the authorizer's `sha256` when one is given. */
  audit: AuditSink | undefined;
  approvals: ApprovalStore | undefined;
  telemetry: Telemetry | undefined;
  now: () => Date;
  generateId: () => string;
}

function fail(
  code: 'invalid_agent' | 'missing_policy' | 'invalid_mode' | 'invalid_rewrite',
  message: string,
): never {
  throw new ArgsealConfigError(code, `createAuthorizer: ${message}`);
}

/**
 * Every audit event carries the authorizer's digest, so the sink's hashes honour it too:
 * the sink itself without `sha256`, else a sink that passes it to every append.
 */
function hashingSink(audit: AuditSink | undefined, sha256: AuthorizerOptions['sha256']) {
  if (audit === undefined || sha256 === undefined) return audit;
  return {
    append: (event: AuditEvent) => audit.append(event, { sha256 }),
    records: (query?: AuditRecordsQuery) => audit.records(query),
    ...(audit.pipelining !== undefined ? { pipelining: audit.pipelining } : {}),
    ...(audit.durability !== undefined ? { durability: audit.durability } : {}),
  };
}

/**
 * Checks `createAuthorizer`'s options (closed: unknown keys, a missing policy and a bad
 * mode are errors) and fills in the defaults: an in-memory approval store (with its
 * one-time warning), the clock, the id generator.
 *
 * @throws {ArgsealConfigError} `unknown_option`, `invalid_agent`, `missing_policy`,
 *   `invalid_mode`, `invalid_rewrite`, `invalid_policy_error_hook`, `invalid_approvals`,
 *   `invalid_telemetry`, `invalid_tracer`, `invalid_meter`.
 */
export function readAuthorizerOptions<Context>(
  options: AuthorizerOptions<Context>,
): AuthorizerConfig {
  assertKnownOptions('createAuthorizer', options, AUTHORIZER_OPTION_KEYS);
  const { agent } = options;
  const policy = withPolicyErrorHook(options.policy, options.onPolicyError);
  if (typeof agent !== 'string' || agent.length === 0 || !isWellFormedString(agent))
    fail('invalid_agent', 'agent must be a non-empty string');
  if (typeof policy !== 'function')
    fail('missing_policy', 'a policy function is required (closed by default)');
  const mode = options.mode ?? 'enforce';
  if (mode !== 'enforce' && mode !== 'shadow')
    fail('invalid_mode', 'mode must be "enforce" or "shadow"');
  const rewrite = [...(options.rewrite ?? [])];
  if (rewrite.some((h) => typeof h !== 'function'))
    fail('invalid_rewrite', 'rewrite hooks must be functions');
  const telemetry = readTelemetry(options.telemetry, agent);
  const audit = hashingSink(options.audit, options.sha256);
  return {
    agent,
    policy,
    onPolicyError: options.onPolicyError as AuthorizerOptions<any>['onPolicyError'],
    mode,
    rewrite,
    audit,
    approvals: approvalsOrDefault(options.approvals, audit, options.now),
    telemetry,
    now: options.now ?? (() => new Date()),
    generateId: options.generateId ?? (() => globalThis.crypto.randomUUID()),
  };
}
