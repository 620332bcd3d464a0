import {
  ApprovalError,
  type ApprovalStore,
  type AuthorizationResult,
  type PreparedToolCall,
} from '@argseal/core';
import type { ValidDecision } from './decisions.js';
import type { SealEnv } from './seal-env.js';

/** What a decision means for one tool call of the message. */
export type AppliedOutcome =
  /** Approved in the store: the tool seam runs the policy again and consumes the grant. */
  | { kind: 'approved'; call: PreparedToolCall }
  | { kind: 'rejected'; reason: string | undefined }
  /**
   * Replaced by an edit: a new call (maybe another tool) with its own hash that went
   * through its tool's policy. `auth` is that result, or undefined when the policy asked
   * for approval and the editor's decision was recorded as the grant for the new hash.
   */
  | {
      kind: 'edited';
      call: PreparedToolCall;
      auth: Extract<AuthorizationResult, { type: 'allow' | 'deny' }> | undefined;
    };

/** `decide`, treating "someone else decided first" as "ask the store at the tool seam". */
async function decideOnce(
  approvals: ApprovalStore,
  hash: string,
  input: Parameters<ApprovalStore['decide']>[1],
): Promise<boolean> {
  try {
    await approvals.decide(hash, input);
    return true;
  } catch (error) {
    if (
      ApprovalError.isInstance(error) &&
      (error.code === 'proposal_not_pending' || error.code === 'proposal_not_found')
    ) {
      return false;
    }
    throw error;
  }
}

async function applyEdit<Context>(
  env: SealEnv<Context>,
  d: ValidDecision,
  context: Context,
  out: Map<string, AppliedOutcome>,
): Promise<void> {
  const { authorizer } = env;
  const approvals = authorizer.approvals as ApprovalStore;
  const original = d.items[0]!.call;
  const edited = d.edited ?? [];
  const newHash = edited[0]?.proposalHash;
  const sameCall = newHash === original.proposalHash && edited[0]?.tool.name === original.tool.name;
  const verdict = sameCall ? 'approve' : 'reject';
  const note = sameCall
    ? d.note
    : `superseded by an edit (${newHash})${d.note ? `: ${d.note}` : ''}`;
  const decided = await decideOnce(approvals, original.proposalHash, {
    decision: verdict,
    approver: d.approver,
    ...(note !== undefined ? { note } : {}),
    uses: d.items.length,
  });
  if (!decided || sameCall) {
    for (const item of d.items) out.set(item.toolCallId, { kind: 'approved', call: item.call });
    return;
  }
  const granted = new Set<string>();
  for (const [i, item] of d.items.entries()) {
    const call = edited[i]!;
    await authorizer.audit?.append({
      type: 'rewritten',
      agent: call.agent,
      tool: call.tool.name,
      toolCallId: call.toolCallId,
      proposalHash: call.proposalHash,
      argsCanonicalJson: call.argsCanonicalJson,
      originalArguments: item.call.argsCanonicalJson,
      supersedes: item.proposal.proposalHash,
      approver: d.approver,
      ...(d.note !== undefined ? { note: d.note } : {}),
      data: { edit: true, originalTool: item.call.tool.name },
    });
    const auth = await authorizer.authorize(call, { toolCallId: call.toolCallId, context });
    if (auth.type !== 'suspended') {
      out.set(item.toolCallId, { kind: 'edited', call, auth });
      continue;
    }
    if (!granted.has(call.proposalHash)) {
      granted.add(call.proposalHash);
      await decideOnce(approvals, call.proposalHash, {
        decision: 'approve',
        approver: d.approver,
        note: `edit of ${item.proposal.proposalHash}`,
        uses: edited.filter((c) => c.proposalHash === call.proposalHash).length,
      });
    }
    out.set(item.toolCallId, { kind: 'edited', call, auth: undefined });
  }
}

/**
 * Applies validated decisions through the approval store: approve and reject decide
 * the pending proposal; an edit rejects the original (noting the new hash), records a
 * `rewritten` audit event whose `supersedes` links the new hash to the original, and
 * sends the new call through the policy of the tool it now targets.
 */
export async function applyDecisions<Context>(
  env: SealEnv<Context>,
  decisions: readonly ValidDecision[],
  context: Context,
): Promise<Map<string, AppliedOutcome>> {
  const out = new Map<string, AppliedOutcome>();
  const approvals = env.authorizer.approvals as ApprovalStore;
  for (const d of decisions) {
    if (d.type === 'edit') {
      await applyEdit(env, d, context, out);
      continue;
    }
    const hash = d.items[0]!.proposal.proposalHash;
    await decideOnce(approvals, hash, {
      decision: d.type,
      approver: d.approver,
      ...(d.note !== undefined ? { note: d.note } : {}),
      ...(d.type === 'approve' ? { uses: d.items.length } : {}),
    });
    for (const item of d.items) {
      out.set(
        item.toolCallId,
        d.type === 'approve'
          ? { kind: 'approved', call: item.call }
          : { kind: 'rejected', reason: d.note },
      );
    }
  }
  return out;
}
