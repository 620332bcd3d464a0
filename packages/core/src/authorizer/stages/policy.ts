import { checkApprovalRule } from '../../approvals/four-eyes.js';
import type { AuditEvent } from '../../audit/types.js';
import { decodeCanonical } from '../../json/canonicalize.js';
import type { JsonValue } from '../../json/types.js';
import { stricterDecision } from '../../policy/stricter-decision.js';
import type { PolicyDecision, PolicyMode, ToolPolicy } from '../../policy/types.js';
import { lazyFields } from '../lazy-fields.js';
import { withPolicyErrorHook } from '../policy-error-hook.js';
import type { PreparedData } from '../prepared-data.js';
import type { AuthorizerOptions, CallOptions } from '../types.js';
import { copyDecision } from './copy-decision.js';

/** What the policy stage reads from the authorizer's settings. */
export interface PolicySettings {
  /** The authorizer's policy, with `onPolicyError` around it. */
  policy: ToolPolicy<any>;
  /** Also told what a tool's own policy threw. */
  onPolicyError: AuthorizerOptions<any>['onPolicyError'];
}

/** The policy input's arguments decoded on first read (see `lazyFields`). */
const policyArguments = lazyFields<{ requestedArguments: JsonValue }>(['requestedArguments']);

function validRule(rule: unknown): boolean {
  try {
    checkApprovalRule(rule);
    return true;
  } catch {
    return false;
  }
}

function isDecision(d: unknown): d is PolicyDecision {
  if (typeof d !== 'object' || d === null) return false;
  const { type, reason } = d as { type?: unknown; reason?: unknown };
  if (type === 'allow') return reason === undefined || typeof reason === 'string';
  const approvals = (d as { approvals?: unknown }).approvals;
  if (type === 'require_approval' && approvals !== undefined && !validRule(approvals)) return false;
  return (
    (type === 'deny' || type === 'require_approval') &&
    typeof reason === 'string' &&
    reason.length > 0
  );
}

/** The policy's input: the call's frozen snapshot; the requested arguments decoded on first read. */
function policyInput(call: PreparedData, options: CallOptions<any> | undefined) {
  let requested: JsonValue | undefined;
  const input = {
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
    rawArguments: call.rawArguments,
    parsedArguments: call.snapshot as JsonValue,
    argsCanonicalJson: call.argsCanonicalJson,
    proposalHash: call.proposalHash,
    context: options?.context,
  };
  // decoded on first access: most policies never read it
  return policyArguments(input, {
    requestedArguments: () => {
      requested ??= decodeCanonical(call.requestedText());
      return requested;
    },
  });
}

/**
 * Asks one policy about the call's deep-frozen snapshot (shared, never copied: nothing
 * can change it, and execution decodes its own fresh copy); denies `policy_error` when the
 * policy throws (a mutation attempt on the frozen view throws in strict code) and
 * `invalid_policy_decision` when it returns anything but a decision.
 */
async function ask(
  policy: ToolPolicy<any>,
  call: PreparedData,
  options: CallOptions<any> | undefined,
): Promise<PolicyDecision> {
  let decision: unknown;
  try {
    decision = policy(policyInput(call, options));
    if (typeof (decision as { then?: unknown } | null)?.then === 'function')
      decision = await decision;
  } catch {
    return { type: 'deny', reason: 'policy_error' };
  }
  // validate a private copy: a decision object's getters cannot answer differently later
  let clone: unknown;
  try {
    clone = copyDecision(decision);
  } catch {
    return { type: 'deny', reason: 'invalid_policy_decision' };
  }
  if (!isDecision(clone)) return { type: 'deny', reason: 'invalid_policy_decision' };
  return clone;
}

/**
 * Stage `policy`: the authorizer's policy, then the tool's own (`defineTool({ policy })`),
 * each on its own input; the stricter decision wins (see `stricterDecision`): both must
 * allow for the call to run. A deny by the authorizer's policy is final: the tool's
 * policy is not asked. Without a tool policy, the authorizer's decision as is.
 */
export function decide(
  s: PolicySettings,
  call: PreparedData,
  options: CallOptions<any> | undefined,
): Promise<PolicyDecision> {
  const decided = ask(s.policy, call, options);
  const own = call.tool.policy;
  if (own === undefined) return decided;
  const toolPolicy = withPolicyErrorHook(own, s.onPolicyError);
  return decided.then((first) =>
    first.type === 'deny'
      ? first
      : ask(toolPolicy, call, options).then((second) => stricterDecision(first, second)),
  );
}

/** The fields every record of a call carries. */
export type RecordBase = { agent: string; tool: string; toolCallId: string; proposalHash: string };

/**
 * The records of a decision: `decided`, and in shadow mode a loud `shadow` record saying
 * what enforce would have done.
 */
export function decisionEvents(
  base: RecordBase,
  decision: PolicyDecision,
  mode: PolicyMode,
): AuditEvent[] {
  const decided: AuditEvent = {
    type: 'decided',
    ...base,
    decision: decision.type,
    mode,
    ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    ...(decision.trace ? { trace: decision.trace } : {}),
  };
  if (mode !== 'shadow') return [decided];
  const why = decision.reason ? ` (${decision.reason})` : '';
  return [
    decided,
    {
      type: 'shadow',
      ...base,
      decision: decision.type,
      mode: 'shadow',
      reason: `SHADOW MODE: enforce would have decided "${decision.type}"${why}; executing anyway`,
    },
  ];
}
