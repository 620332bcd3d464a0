import { interrupt, isGraphInterrupt } from '@langchain/langgraph';
import {
  APPROVAL_REQUEST_KIND,
  type ArgsealApprovalRequest,
  type ArgsealProposalView,
  type ArgsealRefusal,
} from './approval-types.js';
import { type SuspendedItem, type ValidDecision, validateDecisions } from './decisions.js';
import type { SealEnv } from './seal-env.js';

function viewOf(item: SuspendedItem, toolCallIds: string[]): ArgsealProposalView {
  const p = item.proposal;
  return {
    id: p.id,
    toolCallId: item.toolCallId,
    toolCallIds,
    tool: p.tool,
    proposalHash: p.proposalHash,
    bindingHash: p.bindingHash,
    arguments: p.parsedArguments,
    argsCanonicalJson: p.argsCanonicalJson,
    reason: p.reason,
    createdAt: p.createdAt,
    ...(p.originalArguments !== undefined ? { originalArguments: p.originalArguments } : {}),
  };
}

/**
 * The interrupt payload: each pending proposal once. Identical calls in one message share
 * a proposal; its `toolCallIds` lists them all, and an approval runs each of them once.
 */
export function approvalRequest(
  agent: string,
  suspended: readonly SuspendedItem[],
  refused: readonly ArgsealRefusal[] | undefined,
): ArgsealApprovalRequest {
  const byHash = new Map<string, string[]>();
  const proposals: ArgsealProposalView[] = [];
  for (const item of suspended) {
    const ids = byHash.get(item.proposal.proposalHash);
    if (ids) {
      ids.push(item.toolCallId);
      continue;
    }
    const first = [item.toolCallId];
    byHash.set(item.proposal.proposalHash, first);
    proposals.push(viewOf(item, first));
  }
  return {
    kind: APPROVAL_REQUEST_KIND,
    version: 1,
    agent,
    proposals,
    ...(refused ? { refused: [...refused] } : {}),
  };
}

async function auditRefusals<Context>(
  env: SealEnv<Context>,
  refused: readonly ArgsealRefusal[],
): Promise<void> {
  for (const r of refused) {
    await env.authorizer.audit?.append({
      type: 'approval_mismatched',
      agent: env.authorizer.agent,
      ...(r.proposalHash !== undefined ? { proposalHash: r.proposalHash } : {}),
      reason: `resume_refused:${r.code}`,
    });
  }
}

/**
 * Pauses the run with a LangGraph `interrupt` listing the pending proposals and
 * returns the validated decisions of the resume value. A refused value is never
 * applied: the run pauses again with the same proposals and a `refused` list. (A value
 * a node throws on would be replayed by LangGraph on every later resume of the thread.)
 * LangGraph re-runs this node from the start on each resume and replays earlier
 * values in order, so refusals are audited only when they end in a new pause.
 */
export async function awaitDecisions<Context>(
  env: SealEnv<Context>,
  suspended: readonly SuspendedItem[],
  context: Context,
): Promise<ValidDecision[]> {
  let refused: ArgsealRefusal[] | undefined;
  for (;;) {
    const request = approvalRequest(env.authorizer.agent, suspended, refused);
    let value: unknown;
    try {
      value = interrupt(request);
    } catch (error) {
      if (refused && isGraphInterrupt(error)) await auditRefusals(env, refused);
      throw error;
    }
    const verdict = await validateDecisions(env, value, suspended, context);
    if (verdict.ok) return verdict.decisions;
    refused = verdict.refusals;
  }
}
