import type { BaseMessage } from '@langchain/core/messages';
import { currentConfig, threadOf } from './host.js';
import type { LangChainRuntime } from './options.js';
import { outputToMessage, refusalMessage } from './output.js';
import { resolveCall, type ToolCallLike } from './resolve-call.js';
import { runAttempt } from './run-attempt.js';

export interface ToolSeamRequest {
  toolCall: ToolCallLike;
  state?: { messages?: readonly BaseMessage[] };
}

/**
 * The tool seam (`wrapToolCall`). Never calls LangChain's handler for a sealed tool (it
 * would parse the schema again on the shared args object): it takes the attempt the
 * previous seam handed over, or re-prepares from history, then authorizes (the grant is
 * consumed here, right before executing) and executes on a fresh copy. It never pauses:
 * a call that still needs approval is answered with an error ToolMessage.
 */
export async function sealedToolCall<Context>(
  rt: LangChainRuntime<Context>,
  passthrough: ReadonlySet<string>,
  request: ToolSeamRequest,
  handler: (request: never) => Promise<unknown>,
): Promise<unknown> {
  const { toolCall } = request;
  const ref = { id: toolCall.id ?? '', name: toolCall.name };
  const config = currentConfig() ?? {};
  const context = await rt.context(config);
  const thread = threadOf(config);
  const r = await resolveCall(rt, passthrough, toolCall, request.state?.messages, thread, context);
  if (r.kind === 'passthrough') return handler(request as never);
  if (r.kind === 'refused') return refusalMessage(ref, r.refusal);
  const done = await runAttempt(r.attempt, config, ref.id);
  return done.ok ? outputToMessage(done.result, ref) : refusalMessage(ref, done.refusal);
}
