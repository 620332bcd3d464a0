import type { SealRuntime } from './runtime.js';

/**
 * The proposal hash an approval of `toolCallId` was requested for: from this seal's
 * memory, else the newest proposal of this agent for that call in the store (a resume
 * may be served by another process). Passed to core as `resumeOf`, so a resume with
 * edited arguments is audited as `approval_mismatched`.
 */
export async function priorProposalHash<Context>(
  rt: SealRuntime<Context>,
  toolCallId: string,
): Promise<string | undefined> {
  const remembered = rt.proposals.get(toolCallId);
  if (remembered !== undefined) return remembered.proposalHash;
  const store = rt.authorizer.approvals;
  if (store === undefined) return undefined;
  const proposals = await store.listProposals({ status: 'all' });
  return proposals.find((p) => p.toolCallId === toolCallId && p.agent === rt.authorizer.agent)
    ?.proposalHash;
}
