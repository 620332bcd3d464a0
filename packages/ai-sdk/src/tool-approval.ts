import { ArgsealError, type ToolArgumentsValidationError } from '@argseal/core';
import type { GenericToolApprovalFunction, ToolApprovalStatus, ToolSet } from 'ai';
import { grantFromClientApproval } from './client-approval.js';
import { approvalResponseFor, isResume } from './history.js';
import { preparedCallFor } from './prepare-call.js';
import { priorProposalHash } from './prior-proposal.js';
import { callOptions, type SealRuntime } from './runtime.js';

/**
 * True when the tool set the SDK will execute from binds `name` to this seal's sealed
 * `execute` (a spread copy of the sealed tool is fine). Another tool object under a
 * sealed name would run unsealed, never consuming a grant: denied.
 */
function runsSealedExecute<Context>(
  rt: SealRuntime<Context>,
  tools: unknown,
  name: string,
): boolean {
  if (typeof tools !== 'object' || tools === null || !Object.hasOwn(tools, name)) return false;
  const entry = (tools as Record<string, unknown>)[name];
  return (
    typeof entry === 'object' &&
    entry !== null &&
    (entry as { execute?: unknown }).execute === rt.executes.get(name)
  );
}

function invalidReason(error: ToolArgumentsValidationError): string {
  const path = error.path === '' ? '(root)' : error.path;
  return `argseal: invalid arguments (stage=${error.stage} code=${error.code} path=${path})`;
}

/**
 * The `toolApproval` function: policy plus a non-consuming look at the approval store
 * (`authorizer.check`) for each call.
 * - allow / live grant -> 'not-applicable' (new call) / 'approved' (resume); the
 *                       checked call is handed to the sealed tool's execute of the
 *                       same SDK step (scoped by its `messages` array), which
 *                       consumes the grant atomically when it runs
 * - deny             -> 'denied' with the policy's reason
 * - require_approval -> 'user-approval' for a new call (the SDK pauses; the proposal
 *                       is in the store). On resume the SDK treats anything but
 *                       'denied' as approved, so without a live grant for THIS call's
 *                       proposal hash the answer is 'denied'.
 */
export function createToolApproval<Context>(
  rt: SealRuntime<Context>,
): GenericToolApprovalFunction<ToolSet, any, unknown> {
  return async ({ toolCall, tools, messages }): Promise<ToolApprovalStatus> => {
    const tool = rt.tools.get(toolCall.toolName);
    if (tool === undefined || !runsSealedExecute(rt, tools, toolCall.toolName)) {
      return { type: 'denied', reason: 'argseal: tool is not sealed (closed by default)' };
    }
    const resume = isResume(messages, toolCall.toolCallId);
    try {
      const prepared = await preparedCallFor(rt, tool, toolCall.toolCallId, toolCall.input);
      if (!prepared.ok) return { type: 'denied', reason: invalidReason(prepared.error) };
      const call = prepared.call;
      if (resume && approvalResponseFor(messages, call.toolCallId) === true)
        await grantFromClientApproval(rt, call);
      const resumeOf = resume ? await priorProposalHash(rt, call.toolCallId) : undefined;
      const result = await rt.authorizer.check(
        call,
        callOptions(rt, call.toolCallId, { resumeOf }),
      );
      switch (result.type) {
        case 'allow':
        case 'approved':
          // execute() runs this very call object: policy is not re-run, and the grant
          // is consumed atomically right before the tool runs.
          rt.checked.put(messages, call);
          return resume ? { type: 'approved' } : 'not-applicable';
        case 'deny':
          return { type: 'denied', reason: result.reason };
        case 'suspended':
          rt.proposals.set(call.toolCallId, result.proposal);
          return resume
            ? {
                type: 'denied',
                reason: `argseal: approval required; no live grant for proposal ${result.proposal.proposalHash}`,
              }
            : { type: 'user-approval', reason: result.decision.reason ?? 'approval required' };
      }
    } catch (error) {
      const code = ArgsealError.isInstance(error) ? error.code : 'internal_error';
      return { type: 'denied', reason: `argseal: authorization failed (code=${code})` };
    }
  };
}
