import { ArgsealConfigError } from '../errors.js';
import type { ToolPolicy, ToolPolicyInput } from '../policy/types.js';
import type { AuthorizerOptions, PolicyErrorCall } from './types.js';

/** Every key {@link AuthorizerOptions} knows; any other is refused `unknown_option`. */
export const AUTHORIZER_OPTION_KEYS: readonly (keyof AuthorizerOptions)[] = [
  'agent',
  'policy',
  'approvals',
  'audit',
  'mode',
  'rewrite',
  'maxDepth',
  'maxLength',
  'now',
  'generateId',
  'sha256',
  'schemaIssueMessages',
  'provenance',
  'telemetry',
  'onPolicyError',
];

function report(
  hook: NonNullable<AuthorizerOptions['onPolicyError']>,
  error: unknown,
  input: ToolPolicyInput<unknown>,
): void {
  const call: PolicyErrorCall = {
    agent: input.agent,
    tool: input.tool,
    toolCallId: input.toolCallId,
    proposalHash: input.proposalHash,
  };
  try {
    const r = hook(error, call) as unknown;
    // a hook that returns a promise must not turn into an unhandled rejection
    if (typeof (r as { then?: unknown } | null)?.then === 'function')
      (r as Promise<unknown>).then(undefined, () => {});
  } catch {
    // the hook's own failure changes nothing: the call is denied policy_error already
  }
}

/**
 * The policy as the pipeline runs it: with `onPolicyError`, what the policy throws (or its
 * promise rejects with) is handed to the hook and then rethrown, so the pipeline still
 * denies `policy_error` and records only that code. Without a hook, the policy itself.
 */
export function withPolicyErrorHook<Context>(
  policy: ToolPolicy<Context>,
  hook: AuthorizerOptions<Context>['onPolicyError'],
): ToolPolicy<Context> {
  if (hook === undefined || typeof policy !== 'function') return policy;
  if (typeof hook !== 'function')
    throw new ArgsealConfigError(
      'invalid_policy_error_hook',
      'createAuthorizer: onPolicyError must be a function',
    );
  return (input) => {
    let result: ReturnType<ToolPolicy<Context>>;
    try {
      result = policy(input);
    } catch (error) {
      report(hook, error, input as ToolPolicyInput<unknown>);
      throw error;
    }
    if (typeof (result as { then?: unknown } | null)?.then === 'function') {
      return (result as Promise<Awaited<typeof result>>).then(undefined, (error: unknown) => {
        report(hook, error, input as ToolPolicyInput<unknown>);
        throw error;
      });
    }
    return result;
  };
}
