import type { PolicyDecision, ToolPolicy, ToolPolicyInput } from '@argseal/core';
import type { PolicyTrace } from '@argseal/core/data';
import { validExtras } from './approval-extras.js';

const DECISION_TYPES: ReadonlySet<string> = new Set(['allow', 'deny', 'require_approval']);

/** Symbol under which {@link named} stores a policy's rule name. */
export const RULE_NAME: unique symbol = Symbol.for('argseal.policies.rule-name');
/** Marks a policy built by `shadow()`: it records and never decides. */
export const SHADOW: unique symbol = Symbol.for('argseal.policies.shadow');

/** Builds a decision whose trace names `rule` as the rule that decided. */
export function decide(
  rule: string,
  type: PolicyDecision['type'],
  reason?: string,
): PolicyDecision {
  const entry: PolicyTrace =
    reason === undefined ? { rule, decision: type } : { rule, decision: type, reason };
  if (type === 'allow') {
    return reason === undefined ? { type, trace: [entry] } : { type, reason, trace: [entry] };
  }
  return { type, reason: reason ?? 'unspecified', trace: [entry] };
}

function isTraceEntry(value: unknown): value is PolicyTrace {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.rule === 'string' &&
    typeof v.decision === 'string' &&
    DECISION_TYPES.has(v.decision) &&
    (v.reason === undefined || typeof v.reason === 'string') &&
    (v.shadow === undefined || typeof v.shadow === 'boolean')
  );
}

/**
 * True when `value` is a well-formed PolicyDecision (deny/approval need a non-empty reason; an
 * approval's `risk` and `approvals` must be well formed).
 */
function isPolicyDecision(value: unknown): value is PolicyDecision {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.type !== 'string' || !DECISION_TYPES.has(v.type)) return false;
  if (v.type === 'allow') {
    if (v.reason !== undefined && typeof v.reason !== 'string') return false;
  } else if (typeof v.reason !== 'string' || v.reason === '') {
    return false;
  } else if (v.type === 'require_approval' && !validExtras(v)) {
    return false;
  }
  return v.trace === undefined || (Array.isArray(v.trace) && v.trace.every(isTraceEntry));
}

function copyEntry(e: PolicyTrace): PolicyTrace {
  const out: PolicyTrace = { rule: e.rule, decision: e.decision };
  if (e.reason !== undefined) out.reason = e.reason;
  if (e.shadow !== undefined) out.shadow = e.shadow;
  return out;
}

/** Outcome of calling a policy defensively: a fresh, validated decision, or why it failed. */
export type Invocation =
  | { ok: true; decision: PolicyDecision; ownTrace: boolean }
  | { ok: false; reason: 'policy_error' | 'invalid_policy_decision' };

/** Calls `policy`; a throw or a malformed result is reported, never propagated. */
export async function invoke<C>(
  policy: ToolPolicy<C>,
  input: ToolPolicyInput<C>,
): Promise<Invocation> {
  let result: unknown;
  try {
    result = await policy(input);
  } catch {
    return { ok: false, reason: 'policy_error' };
  }
  if (!isPolicyDecision(result)) return { ok: false, reason: 'invalid_policy_decision' };
  const trace = result.trace?.map(copyEntry) ?? [];
  const decision = { ...result, trace } as PolicyDecision;
  return { ok: true, decision, ownTrace: trace.length > 0 };
}

/** The name used in traces for a policy that does not trace itself. */
export function ruleNameOf(policy: unknown, fallback: string): string {
  if (typeof policy !== 'function') return fallback;
  const tagged = (policy as unknown as Record<symbol, unknown>)[RULE_NAME];
  if (typeof tagged === 'string' && tagged !== '') return tagged;
  return policy.name !== '' ? policy.name : fallback;
}

/**
 * Calls a child policy and always returns a decision with a non-empty trace: a throw or
 * a malformed result becomes a deny (`policy_error`, `invalid_policy_decision`); a
 * decision without a trace gets one entry naming `name`.
 */
export async function evaluate<C>(
  policy: ToolPolicy<C>,
  input: ToolPolicyInput<C>,
  name: string,
): Promise<PolicyDecision & { trace: PolicyTrace[] }> {
  const r = await invoke(policy, input);
  if (!r.ok) return decide(name, 'deny', r.reason) as PolicyDecision & { trace: PolicyTrace[] };
  if (r.ownTrace) return r.decision as PolicyDecision & { trace: PolicyTrace[] };
  const d = r.decision;
  const entry =
    d.reason === undefined
      ? { rule: name, decision: d.type }
      : { rule: name, decision: d.type, reason: d.reason };
  return { ...d, trace: [entry] } as PolicyDecision & { trace: PolicyTrace[] };
}

export function isShadowPolicy(policy: unknown): boolean {
  return (
    typeof policy === 'function' && (policy as unknown as Record<symbol, unknown>)[SHADOW] === true
  );
}

export function tag<P extends Function>(policy: P, key: symbol, value: unknown): P {
  Object.defineProperty(policy, key, { value, enumerable: false });
  return policy;
}
