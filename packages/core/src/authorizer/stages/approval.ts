import type { ApprovalStore, SuspendedToolProposal } from '../../approvals/types.js';
import type { AuditSink } from '../../audit/types.js';
import { decodeCanonical } from '../../json/canonicalize.js';
import type { JsonObject } from '../../json/types.js';
import type { PolicyDecision } from '../../policy/types.js';
import { buildProposalPresentation } from '../../presentation/build-presentation.js';
import type { PreparedData } from '../prepared-data.js';
import type { AuthorizationResult, CallOptions, CheckResult } from '../types.js';
import type { RecordBase } from './policy.js';

/**
 * A call the policy asks approval for: what stage `approval` reads, with the approval
 * store the caller checked is configured.
 */
export interface ApprovalTurn {
  approvals: ApprovalStore;
  audit: AuditSink | undefined;
  now: () => Date;
  generateId: () => string;
  call: PreparedData;
  options: CallOptions<any> | undefined;
  base: RecordBase;
  decision: Extract<PolicyDecision, { type: 'require_approval' }>;
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

/**
 * Suspends the call: a pending proposal in the store (after `approval_mismatched` when a
 * resume's arguments changed, and `approval_expired` when the grant expired), recorded
 * `approval_requested`. The proposal returned carries a fresh decoded copy of the arguments.
 */
async function suspend(
  turn: ApprovalTurn,
  why: 'no_grant' | 'expired' | 'used_up',
): Promise<SuspendedToolProposal> {
  const { approvals, audit, call, options, base, decision } = turn;
  const attempt = call as { resumeOf?: string; supersedes?: string };
  const resumeOf =
    attempt.resumeOf ?? (typeof options?.resumeOf === 'string' ? options.resumeOf : undefined);
  if (resumeOf !== undefined && resumeOf !== call.proposalHash) {
    await audit?.append({
      type: 'approval_mismatched',
      ...base,
      reason: 'arguments_changed_since_proposal',
      supersedes: resumeOf,
    });
  }
  if (why === 'expired')
    await audit?.append({ type: 'approval_expired', ...base, bindingHash: call.bindingHash });
  const presentation = buildProposalPresentation(call.tool.presentation, {
    context: options?.context,
    risk: decision.risk,
  });
  const requester = requesterOf(presentation);
  const proposal: SuspendedToolProposal = {
    id: turn.generateId(),
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
    argsCanonicalJson: call.argsCanonicalJson,
    proposalHash: call.proposalHash,
    bindingHash: call.bindingHash,
    parsedArguments: decodeCanonical(call.argsCanonicalJson),
    reason: decision.reason,
    createdAt: turn.now().toISOString(),
    ...(call.originalArguments !== undefined ? { originalArguments: call.originalArguments } : {}),
    // an edit, or a resume with changed arguments, replaces the proposal it came from
    ...(attempt.supersedes !== undefined ? { supersedes: attempt.supersedes } : {}),
    ...(presentation ? { presentation } : {}),
    ...(decision.approvals ? { approvals: decision.approvals } : {}),
    ...(requester !== undefined ? { requester } : {}),
  };
  const stored = await approvals.suspend(proposal);
  await audit?.append({
    type: 'approval_requested',
    ...base,
    bindingHash: call.bindingHash,
    proposalId: stored.id,
    reason: decision.reason,
  });
  const { status: _s, decidedAt: _a, decidedBy: _b, note: _n, ...suspended } = stored;
  return { ...suspended, parsedArguments: decodeCanonical(call.argsCanonicalJson) };
}

/** Stage `approval` of `check`: a non-consuming look at the store. */
export async function peekApproval(turn: ApprovalTurn): Promise<CheckResult> {
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
async function alreadyRan(approvals: ApprovalStore, call: PreparedData): Promise<boolean> {
  const latest = await approvals.latestProposalForCall({
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
  });
  return latest?.status === 'consumed' && latest.bindingHash === call.bindingHash;
}

/**
 * Stage `approval` of `authorize`: consume a grant for this exact binding hash
 * atomically, or deny (rejected, or this very call already ran on it), or suspend.
 */
export async function bindApproval(turn: ApprovalTurn): Promise<AuthorizationResult> {
  const { approvals, audit, call, base, decision } = turn;
  const consumed = await approvals.consume(call.bindingHash, { agent: call.agent });
  if (consumed.ok) {
    await audit?.append({
      type: 'approval_consumed',
      ...base,
      bindingHash: call.bindingHash,
      proposalId: consumed.grant.proposalId,
      approver: consumed.grant.approver,
    });
    return { type: 'allow', decision, grant: consumed.grant };
  }
  if (consumed.reason === 'rejected') {
    await audit?.append({
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
