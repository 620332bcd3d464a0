import { checkApprovalRule } from '../approvals/four-eyes.js';
import type { ApprovalStore, SuspendedToolProposal } from '../approvals/types.js';
import type { AuditEvent, AuditSink } from '../audit/types.js';
import { decodeCanonical } from '../json/canonicalize.js';
import type { JsonObject, JsonValue } from '../json/types.js';
import type { PolicyDecision, PolicyMode, ToolPolicy } from '../policy/types.js';
import { buildProposalPresentation } from '../presentation/build-presentation.js';
import { type ProposedWrite, writeAhead } from './audit-writes.js';
import { lazyFields } from './lazy-fields.js';
import type { Telemetry } from './telemetry.js';
import type { CallMetrics } from './telemetry-metrics.js';
import { inApprovalSpan, policySpan } from './telemetry-stages.js';
import type { AuthorizationResult, CallOptions, CheckResult, PreparedToolCall } from './types.js';

export interface AuthorizeSettings {
  policy: ToolPolicy<any>;
  mode: PolicyMode;
  approvals: ApprovalStore | undefined;
  audit: AuditSink | undefined;
  now: () => Date;
  generateId: () => string;
  /** Policy decisions made by `check`, reused once by `authorize` of the same call. */
  checked: WeakMap<PreparedToolCall, PolicyDecision>;
  /** Policy and approval spans when telemetry is configured (and the call is traced). */
  telemetry: Telemetry | undefined;
  /** The decision counter when a meter is configured, traced or not. */
  metrics: CallMetrics | undefined;
}

/** The policy input's arguments decoded on first read (see `lazyFields`). */
const policyArguments = lazyFields<{ requestedArguments: JsonValue }>(['requestedArguments']);

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

function validRule(rule: unknown): boolean {
  try {
    checkApprovalRule(rule);
    return true;
  } catch {
    return false;
  }
}

/** The requester of a call: the server-context label `requester` of its presentation. */
function requesterOf(presentation: JsonObject | undefined): string | undefined {
  const context = presentation?.context;
  const value =
    typeof context === 'object' && context !== null && !Array.isArray(context)
      ? context.requester
      : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Not plain data: {@link copyPlain} leaves the value to `structuredClone`. */
const NOT_PLAIN = Symbol('not plain');
/** Nesting {@link copyPlain} copies itself; deeper values go to `structuredClone`. */
const PLAIN_DEPTH = 8;

/**
 * A copy of plain data (dense arrays without extra properties, records of own enumerable
 * string-keyed data properties, primitives), read once, or {@link NOT_PLAIN} for anything
 * else (accessors, symbols, class instances, cycles past the depth): the same copy
 * `structuredClone` makes of such data, without its serialization (a decision's `trace`
 * is copied on every call).
 */
function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > PLAIN_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_PLAIN;
    const n = value.length;
    if (Reflect.ownKeys(value).length !== n + 1) return NOT_PLAIN;
    const out: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const d = Object.getOwnPropertyDescriptor(value, i);
      if (d === undefined || !('value' in d)) return NOT_PLAIN;
      const c = copyPlain(d.value, depth + 1);
      if (c === NOT_PLAIN) return NOT_PLAIN;
      out[i] = c;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (typeof key !== 'string' || d === undefined || !('value' in d) || !d.enumerable)
      return NOT_PLAIN;
    const c = copyPlain(d.value, depth + 1);
    if (c === NOT_PLAIN) return NOT_PLAIN;
    // `__proto__` is data here (as structuredClone copies it), never a prototype
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: c,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = c;
  }
  return out;
}

/**
 * A private copy of a policy's decision, read once: a decision object's getters cannot
 * answer differently later. Plain data (the usual `{ type, reason, trace }`) is copied
 * field by field; anything else goes through `structuredClone`.
 */
function copyDecision(decision: unknown): unknown {
  const plain = copyPlain(decision, 0);
  return plain === NOT_PLAIN ? structuredClone(decision) : plain;
}

/**
 * Runs policy on the call's deep-frozen snapshot (shared, never copied: nothing can change
 * it, and execution decodes its own fresh copy); denies when the policy throws (a
 * mutation attempt on the frozen view throws in strict code) or misbehaves.
 */
async function decide(
  s: AuthorizeSettings,
  call: PreparedToolCall,
  options: CallOptions<any> | undefined,
): Promise<PolicyDecision> {
  let decision: unknown;
  try {
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
    decision = s.policy(
      policyArguments(input, {
        requestedArguments: () => {
          requested ??= decodeCanonical(call.requestedCanonicalJson);
          return requested;
        },
      }),
    );
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

type Base = { agent: string; tool: string; toolCallId: string; proposalHash: string };

/**
 * Policy once per attempt: a decision made by `check` on this call object is reused once.
 * Resolves only when the call's `proposed` records (`ahead`, still in flight on a
 * pipelining sink) and its `decided` record are durable (`decided` issued right behind
 * `proposed` on a prefix-durable sink, after it on any other); a failed append rejects.
 */
async function policyDecision(
  s: AuthorizeSettings,
  call: PreparedToolCall,
  options: CallOptions<any> | undefined,
  base: Base,
  ahead: ProposedWrite | undefined,
): Promise<PolicyDecision> {
  const cached = s.checked.get(call);
  if (cached) {
    s.checked.delete(call);
    return cached;
  }
  // a prefix-durable batching sink gets `proposed` in the same tick as `decided`
  ahead?.hold();
  const span = s.telemetry && policySpan(s.telemetry, call);
  const decision = await decide(s, call, options);
  if (span) span(decision);
  s.metrics?.decided(call.tool.name, decision);
  if (s.audit === undefined) return decision;
  const decided: AuditEvent = {
    type: 'decided',
    ...base,
    decision: decision.type,
    mode: s.mode,
    ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    ...(decision.trace ? { trace: decision.trace } : {}),
  };
  const events =
    s.mode === 'shadow'
      ? [
          decided,
          {
            type: 'shadow' as const,
            ...base,
            decision: decision.type,
            mode: 'shadow' as const,
            reason: `SHADOW MODE: enforce would have decided "${decision.type}"${decision.reason ? ` (${decision.reason})` : ''}; executing anyway`,
          },
        ]
      : [decided];
  await writeAhead(s.audit, events, ahead);
  return decision;
}

async function suspend(
  turn: ApprovalTurn,
  why: 'no_grant' | 'expired' | 'used_up',
): Promise<SuspendedToolProposal> {
  const { s, approvals, call, options, base, decision } = turn;
  const attempt = call as { resumeOf?: string; supersedes?: string };
  const resumeOf =
    attempt.resumeOf ?? (typeof options?.resumeOf === 'string' ? options.resumeOf : undefined);
  if (resumeOf !== undefined && resumeOf !== call.proposalHash) {
    await s.audit?.append({
      type: 'approval_mismatched',
      ...base,
      reason: 'arguments_changed_since_proposal',
      supersedes: resumeOf,
    });
  }
  if (why === 'expired')
    await s.audit?.append({ type: 'approval_expired', ...base, bindingHash: call.bindingHash });
  const presentation = buildProposalPresentation(call.tool.presentation, {
    context: options?.context,
    risk: decision.risk,
  });
  const requester = requesterOf(presentation);
  const proposal: SuspendedToolProposal = {
    id: s.generateId(),
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
    argsCanonicalJson: call.argsCanonicalJson,
    proposalHash: call.proposalHash,
    bindingHash: call.bindingHash,
    parsedArguments: decodeCanonical(call.argsCanonicalJson),
    reason: decision.reason,
    createdAt: s.now().toISOString(),
    ...(call.originalArguments !== undefined ? { originalArguments: call.originalArguments } : {}),
    // an edit, or a resume with changed arguments, replaces the proposal it came from
    ...(attempt.supersedes !== undefined ? { supersedes: attempt.supersedes } : {}),
    ...(presentation ? { presentation } : {}),
    ...(decision.approvals ? { approvals: decision.approvals } : {}),
    ...(requester !== undefined ? { requester } : {}),
  };
  const stored = await approvals.suspend(proposal);
  await s.audit?.append({
    type: 'approval_requested',
    ...base,
    bindingHash: call.bindingHash,
    proposalId: stored.id,
    reason: decision.reason,
  });
  const { status: _s, decidedAt: _a, decidedBy: _b, note: _n, ...suspended } = stored;
  return { ...suspended, parsedArguments: decodeCanonical(call.argsCanonicalJson) };
}

function baseOf(call: PreparedToolCall): Base {
  return {
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
    proposalHash: call.proposalHash,
  };
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

/** A call the policy asks approval for, with the store the caller checked is configured. */
interface ApprovalTurn {
  s: AuthorizeSettings;
  approvals: ApprovalStore;
  call: PreparedToolCall;
  options: CallOptions<any> | undefined;
  base: Base;
  decision: Extract<PolicyDecision, { type: 'require_approval' }>;
}

/** What runs when the policy asks for approval. */
type ApprovalStep<R> = (turn: ApprovalTurn) => Promise<R>;

/**
 * The front `check` and `authorize` share: the policy decision (once per attempt, its
 * records durable), then the outcome when policy alone settles the call, a deny when no
 * approval store is configured, or else `approvalStep` inside the `approval` span.
 * `remember` keeps the decision for the `authorize` that follows a `check`.
 */
async function decideThen<R extends AuthorizationResult | CheckResult>(
  s: AuthorizeSettings,
  call: PreparedToolCall,
  options: CallOptions<any> | undefined,
  ahead: ProposedWrite | undefined,
  approvalStep: ApprovalStep<R>,
  remember: boolean,
): Promise<R | ReturnType<typeof settledByPolicy>> {
  const base = baseOf(call);
  const decision = await policyDecision(s, call, options, base, ahead);
  if (remember) s.checked.set(call, decision);
  if (s.mode === 'shadow' || decision.type !== 'require_approval') {
    return settledByPolicy(s, decision);
  }
  const approvals = s.approvals;
  if (!approvals) return { type: 'deny', reason: 'approval_store_missing', decision };
  const t = s.telemetry;
  const turn = { s, approvals, call, options, base, decision };
  return t === undefined ? approvalStep(turn) : inApprovalSpan(t, call, () => approvalStep(turn));
}

/**
 * Policy plus a non-consuming look at the approval store (see `Authorizer.check`).
 */
export function checkCall(
  s: AuthorizeSettings,
  call: PreparedToolCall,
  options: CallOptions<any> | undefined,
  ahead?: ProposedWrite,
): Promise<CheckResult> {
  return decideThen(s, call, options, ahead, peekApproval, true);
}

/** A non-consuming look at the store the caller checked is configured (`approvals`). */
async function peekApproval(turn: ApprovalTurn): Promise<CheckResult> {
  const { approvals, call, decision } = turn;
  const peek = await approvals.peek(call.bindingHash);
  if (peek.live) return { type: 'approved', grant: peek.grant, decision };
  if (peek.reason === 'rejected') return { type: 'deny', reason: 'approval_rejected', decision };
  if (peek.reason === 'used_up' && (await alreadyRan(approvals, call)))
    return { type: 'deny', reason: 'approval_used_up', decision };
  const proposal = await suspend(turn, peek.reason);
  return { type: 'suspended', proposal, decision };
}

/**
 * True when this very call (agent, tool, tool-call id) already ran on a grant for this exact
 * binding: its latest proposal is consumed. A replayed resume is then refused
 * `approval_used_up` instead of suspending again: a call that ran never comes back as
 * pending. A new call with the same arguments (another id) still asks for approval.
 */
async function alreadyRan(approvals: ApprovalStore, call: PreparedToolCall): Promise<boolean> {
  const latest = await approvals.latestProposalForCall({
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
  });
  return latest?.status === 'consumed' && latest.bindingHash === call.bindingHash;
}

/**
 * Policy, then approval binding. Approval never bypasses policy: a deny is final, and a
 * grant is consumed only when the policy asks for approval on this exact binding hash.
 */
export function authorizeCall(
  s: AuthorizeSettings,
  call: PreparedToolCall,
  options: CallOptions<any> | undefined,
  ahead?: ProposedWrite,
): Promise<AuthorizationResult> {
  return decideThen(s, call, options, ahead, bindApproval, false);
}

/**
 * Approval binding on the store the caller checked is configured: consume a grant for
 * this exact binding hash, or suspend.
 */
async function bindApproval(turn: ApprovalTurn): Promise<AuthorizationResult> {
  const { s, approvals, call, base, decision } = turn;
  const consumed = await approvals.consume(call.bindingHash, { agent: call.agent });
  if (consumed.ok) {
    await s.audit?.append({
      type: 'approval_consumed',
      ...base,
      bindingHash: call.bindingHash,
      proposalId: consumed.grant.proposalId,
      approver: consumed.grant.approver,
    });
    return { type: 'allow', decision, grant: consumed.grant };
  }
  if (consumed.reason === 'rejected') {
    await s.audit?.append({
      type: 'approval_rejected',
      ...base,
      bindingHash: call.bindingHash,
      reason: 'approval_rejected',
    });
    return { type: 'deny', reason: 'approval_rejected', decision };
  }
  if (consumed.reason === 'used_up' && (await alreadyRan(approvals, call)))
    return { type: 'deny', reason: 'approval_used_up', decision };
  const proposal = await suspend(turn, consumed.reason);
  return { type: 'suspended', proposal, decision };
}
