import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { isGraphBubbleUp } from '@langchain/langgraph';
import { duplicateIds, markOf } from './call-mark.js';
import { currentConfig, runWithExecEnv, threadOf } from './exec-env.js';
import { resolveCall } from './resolve-call.js';
import type { SealEnv } from './seal-env.js';
import { blockedMessage, duplicateDetails, outputToMessage } from './tool-output.js';

export interface ToolSeamRequest {
  toolCall: { id?: string; name: string; args: unknown };
  state?: { messages?: readonly BaseMessage[] };
}

/** The mark of the latest AI message holding this call id, and whether that message holds the id twice. */
function findMark(messages: readonly BaseMessage[] | undefined, id: string) {
  for (const m of [...(messages ?? [])].reverse()) {
    if (AIMessage.isInstance(m) && m.tool_calls?.some((c) => c.id === id)) {
      return { mark: markOf(m, id), duplicated: duplicateIds(m.tool_calls).has(id) };
    }
  }
  return { mark: undefined, duplicated: false };
}

/**
 * The tool seam. Never calls LangChain's handler for a sealed tool (that would parse
 * the schema again on the shared args object): it takes the call the afterModel hook
 * authorized (checked against the call LangChain holds now), or runs the whole
 * pipeline and policy when there is none (state changed, another process), and
 * executes on a fresh copy only after an allow, consuming a live grant for this exact
 * hash where approval is required. It never pauses: a call that still needs approval
 * here is answered with an error ToolMessage and its proposal waits in the store.
 */
export async function sealedToolCall<Context>(
  env: SealEnv<Context>,
  request: ToolSeamRequest,
  handler: (request: never) => Promise<unknown>,
): Promise<unknown> {
  const { toolCall } = request;
  const id = toolCall.id;
  if (id === undefined || id === '') {
    return new ToolMessage({
      content: `argseal refused the call to "${toolCall.name}": it has no tool call id. Nothing was executed.`,
      tool_call_id: '',
      name: toolCall.name,
      status: 'error',
      artifact: {
        argseal: { status: 'invalid', tool: toolCall.name, code: 'missing_tool_call_id' },
      },
    });
  }
  const ref = { id, name: toolCall.name };
  const config = currentConfig();
  const context = await env.context(config);
  const thread = threadOf(config);
  const { mark, duplicated } = findMark(request.state?.messages, id);
  if (duplicated && (env.tools.has(toolCall.name) || !env.passthrough.has(toolCall.name))) {
    env.cache.take(thread, id);
    return blockedMessage(ref, duplicateDetails(toolCall.name));
  }
  const r = await resolveCall(
    env,
    { id, name: toolCall.name, args: toolCall.args },
    mark,
    thread,
    context,
  );
  if (r.kind === 'passthrough') return handler(request as never);
  if (r.kind === 'blocked') return blockedMessage(ref, r.details);
  const { call } = r;
  const signal = (config as { signal?: AbortSignal } | undefined)?.signal;
  const options = { toolCallId: id, context, ...(signal ? { signal } : {}) };
  const auth =
    r.auth ??
    (await env.authorizer.authorize(call, {
      ...options,
      ...(r.resumeOf ? { resumeOf: r.resumeOf } : {}),
    }));
  if (auth.type === 'deny') {
    return blockedMessage(ref, {
      status: 'denied',
      tool: toolCall.name,
      proposalHash: call.proposalHash,
      reason: auth.reason,
    });
  }
  if (auth.type === 'suspended') {
    return blockedMessage(ref, {
      status: 'approval_required',
      tool: toolCall.name,
      proposalHash: call.proposalHash,
      reason: auth.proposal.reason,
    });
  }
  const outcome = await runWithExecEnv({ config, toolCall: ref }, call, () =>
    env.authorizer.execute(call, auth, options),
  );
  if (outcome.status === 'executed') return outputToMessage(outcome.result, ref);
  if (outcome.status === 'failed') {
    const error = outcome.error;
    if (isGraphBubbleUp(error) || signal?.aborted) throw error;
    return blockedMessage(ref, {
      status: 'failed',
      tool: toolCall.name,
      proposalHash: call.proposalHash,
      reason: String(error),
    });
  }
  return blockedMessage(ref, { status: 'denied', tool: toolCall.name, reason: outcome.status });
}
