import type { PreparedToolCall } from '@argseal/core';
import type { SealRuntime } from './runtime.js';

/**
 * Opt-in (`trustClientApprovals`): turn the client's approved
 * `tool-approval-response` into a store grant, bound to the proposal hash. It only
 * applies when the store holds a PENDING proposal that the server suspended for this
 * very tool call with this very hash, and no proposal for the same call and hash was
 * ever decided before (so replaying the same messages cannot mint a second grant).
 * Edited arguments hash differently and find no pending proposal: nothing is granted.
 */
export async function grantFromClientApproval<Context>(
  rt: SealRuntime<Context>,
  call: PreparedToolCall,
): Promise<boolean> {
  const store = rt.authorizer.approvals;
  if (rt.clientApprover === undefined || store === undefined) return false;
  const pending = await store.findPending(call.proposalHash);
  if (pending === undefined || pending.toolCallId !== call.toolCallId) return false;
  const history = await store.listProposals({ status: 'all' });
  const decidedBefore = history.some(
    (p) =>
      p.proposalHash === call.proposalHash &&
      p.toolCallId === call.toolCallId &&
      p.status !== 'pending',
  );
  if (decidedBefore) return false;
  await store.decide(call.proposalHash, {
    decision: 'approve',
    approver: rt.clientApprover,
    note: 'tool-approval-response from the client (trustClientApprovals)',
  });
  return true;
}
