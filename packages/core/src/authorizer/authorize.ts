import type { ApprovalStore } from '../approvals/types.js';
import type { AuditSink } from '../audit/types.js';
import type { PolicyDecision, PolicyMode } from '../policy/types.js';
import { type ProposedWrite, writeAhead } from './audit-writes.js';
import type { PreparedData } from './prepared-data.js';
import { type ApprovalTurn, bindApproval, peekApproval } from './stages/approval.js';
import { decide, decisionEvents, type PolicySettings, type RecordBase } from './stages/policy.js';
import type { Telemetry } from './telemetry.js';
import type { CallMetrics } from './telemetry-metrics.js';
import { inApprovalSpan, policySpan } from './telemetry-stages.js';
import type { AuthorizationResult, CallOptions, CheckResult } from './types.js';

export interface AuthorizeSettings extends PolicySettings {
  mode: PolicyMode;
  approvals: ApprovalStore | undefined;
  audit: AuditSink | undefined;
  now: () => Date;
  generateId: () => string;
  /** Policy and approval spans when telemetry is configured (and the call is traced). */
  telemetry: Telemetry | undefined;
  /** The decision counter when a meter is configured, traced or not. */
  metrics: CallMetrics | undefined;
}

/**
 * An attempt's policy decision, carried from its `check` to its `authorize` (policy runs
 * once per attempt). Owned by the attempt: nothing else can read or fill it.
 */
export interface PolicyMemo {
  decision: PolicyDecision | undefined;
}

function baseOf(call: PreparedData): RecordBase {
  return {
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
    proposalHash: call.proposalHash,
  };
}

/**
 * Policy once per attempt: a decision `check` left in `memo` is taken (once) instead.
 * Resolves only when the call's `proposed` records (`ahead`, still in flight on a
 * pipelining sink) and its `decided` record are durable (`decided` issued right behind
 * `proposed` on a prefix-durable sink, after it on any other); a failed append rejects.
 */
async function policyDecision(
  s: AuthorizeSettings,
  call: PreparedData,
  options: CallOptions<any> | undefined,
  base: RecordBase,
  ahead: ProposedWrite | undefined,
  memo: PolicyMemo | undefined,
): Promise<PolicyDecision> {
  const cached = memo?.decision;
  if (cached) {
    memo.decision = undefined;
    return cached;
  }
  // a prefix-durable batching sink gets `proposed` in the same tick as `decided`
  ahead?.hold();
  const span = s.telemetry && policySpan(s.telemetry, call);
  const decision = await decide(s, call, options);
  if (span) span(decision);
  s.metrics?.decided(call.tool.name, decision);
  if (s.audit === undefined) return decision;
  await writeAhead(s.audit, decisionEvents(base, decision, s.mode), ahead);
  return decision;
}

/** The outcome when policy alone settles the call: shadow mode, allow or deny. */
function settledByPolicy(
  s: AuthorizeSettings,
  decision: PolicyDecision,
):
  | { type: 'allow'; decision: PolicyDecision; shadow?: PolicyDecision }
  | { type: 'deny'; reason: string; decision: PolicyDecision } {
  if (s.mode === 'shadow') {
    return { type: 'allow', decision: { type: 'allow', reason: 'shadow_mode' }, shadow: decision };
  }
  if (decision.type === 'allow') return { type: 'allow', decision };
  return { type: 'deny', reason: decision.reason, decision };
}

/** What runs when the policy asks for approval. */
type ApprovalStep<R> = (turn: ApprovalTurn) => Promise<R>;

/**
 * The front `check` and `authorize` share: the policy decision (once per attempt, its
 * records durable), then the outcome when policy alone settles the call, a deny when no
 * approval store is configured, or else `approvalStep` inside the `approval` span.
 * `memo`: a decision `check` left there is reused; with `remember`, this decision is left
 * there for the `authorize` that follows.
 */
async function decideThen<R extends AuthorizationResult | CheckResult>(
  s: AuthorizeSettings,
  call: PreparedData,
  options: CallOptions<any> | undefined,
  ahead: ProposedWrite | undefined,
  approvalStep: ApprovalStep<R>,
  memo: PolicyMemo | undefined,
  remember: boolean,
): Promise<R | ReturnType<typeof settledByPolicy>> {
  const base = baseOf(call);
  const decision = await policyDecision(s, call, options, base, ahead, memo);
  if (remember && memo) memo.decision = decision;
  if (s.mode === 'shadow' || decision.type !== 'require_approval') {
    return settledByPolicy(s, decision);
  }
  const approvals = s.approvals;
  if (!approvals) return { type: 'deny', reason: 'approval_store_missing', decision };
  const { audit, now, generateId, telemetry: t } = s;
  const turn = { approvals, audit, now, generateId, call, options, base, decision };
  return t === undefined ? approvalStep(turn) : inApprovalSpan(t, call, () => approvalStep(turn));
}

/**
 * Policy plus a non-consuming look at the approval store (see `Attempt.check`); the
 * decision is left in `memo` for the attempt's `authorize`.
 */
export function checkCall(
  s: AuthorizeSettings,
  call: PreparedData,
  options: CallOptions<any> | undefined,
  ahead: ProposedWrite | undefined,
  memo: PolicyMemo,
): Promise<CheckResult> {
  return decideThen(s, call, options, ahead, peekApproval, memo, true);
}

/**
 * Policy, then approval binding. Approval never bypasses policy: a deny is final, and a
 * grant is consumed only when the policy asks for approval on this exact binding hash.
 */
export function authorizeCall(
  s: AuthorizeSettings,
  call: PreparedData,
  options: CallOptions<any> | undefined,
  ahead: ProposedWrite | undefined,
  memo?: PolicyMemo,
): Promise<AuthorizationResult> {
  return decideThen(s, call, options, ahead, bindApproval, memo, false);
}
