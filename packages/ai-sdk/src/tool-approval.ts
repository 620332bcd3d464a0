import { refusalText, toRefusal } from '@argseal/core/kit';
import type { GenericToolApprovalFunction, ToolApprovalStatus, ToolSet } from 'ai';
import { approvalResponseFor, isResume } from './history.js';
import { type AiSdkRuntime, type AiSdkSeal, callOptions } from './seal-state.js';

const CLIENT_NOTE = 'tool-approval-response from the client (trustClientApprovals)';

/** True when the SDK's tool set binds `name` to this seal's `execute` (closed by default). */
function runsSealedExecute(seal: AiSdkSeal, tools: unknown, name: string) {
  if (typeof tools !== 'object' || tools === null || !Object.hasOwn(tools, name)) return false;
  const entry = (tools as Record<string, unknown>)[name];
  return (
    typeof entry === 'object' &&
    entry !== null &&
    (entry as { execute?: unknown }).execute === seal.executes.get(name)
  );
}

/**
 * The `toolApproval` function: `attempt.check()` (policy once, non-consuming store look).
 * Allowed / live grant: the attempt goes to this step's execute (which consumes the grant)
 * and the answer is 'not-applicable' ('approved' on resume). require_approval on a new
 * call: 'user-approval' (the SDK pauses). Anything else, including require_approval on a
 * resume (the SDK would run it), is 'denied' with the payload-free refusal text.
 */
export function createToolApproval<Context>(
  rt: AiSdkRuntime<Context>,
  seal: AiSdkSeal,
): GenericToolApprovalFunction<ToolSet, any, unknown> {
  return async ({ toolCall, tools, messages }): Promise<ToolApprovalStatus> => {
    const { toolCallId, toolName } = toolCall;
    const tool = rt.tools.get(toolName);
    const where = { tool: toolName, toolCallId };
    if (tool === undefined || !runsSealedExecute(seal, tools, toolName)) {
      return { type: 'denied', reason: 'argseal: tool is not sealed (closed by default)' };
    }
    const resume = isResume(messages, toolCallId);
    try {
      const call = { tool, toolCallId, args: toolCall.input, scopes: [undefined] };
      const fresh = () => callOptions(rt, toolCallId, resume);
      const prepared = await rt.attemptFor(call, fresh);
      if (!prepared.ok) return { type: 'denied', reason: refusalText(prepared.refusal) };
      const attempt = prepared.attempt;
      // opt-in: the client's approval becomes a grant for the pending proposal, once
      if (resume && seal.clientApprover && approvalResponseFor(messages, toolCallId) === true)
        await rt.approvePending(attempt, {
          approver: seal.clientApprover,
          note: CLIENT_NOTE,
        });
      const result = await attempt.check();
      if (result.type === 'allow' || result.type === 'approved') {
        rt.put(attempt, messages);
        return resume ? { type: 'approved' } : 'not-applicable';
      }
      if (result.type === 'suspended') {
        seal.proposals.set(toolCallId, result.proposal);
        if (!resume)
          return { type: 'user-approval', reason: result.decision.reason ?? 'approval required' };
      }
      return { type: 'denied', reason: refusalText(toRefusal(result, where)) };
    } catch (error) {
      return { type: 'denied', reason: refusalText(toRefusal(error, where)) };
    }
  };
}
