import { type Attempt, type Refusal, toRefusal } from '@argseal/core/kit';
import type { RunnableConfig } from '@langchain/core/runnables';
import { isGraphBubbleUp } from '@langchain/langgraph';
import type { LangChainHost } from './host.js';

export type AttemptResult =
  | { ok: true; result: unknown }
  /** `error`: what the tool threw (`tool_failed`), for callers that rethrow it. */
  | { ok: false; refusal: Refusal; error?: unknown };

/**
 * Authorizes (consuming a live grant for this exact hash, right before executing) and
 * executes one attempt on a fresh copy, with the LangChain run config as `ctx.host`.
 * A LangGraph interrupt or an abort thrown by the tool propagates.
 */
export async function runAttempt(
  attempt: Attempt,
  config: RunnableConfig,
  toolCallId: string | undefined,
): Promise<AttemptResult> {
  const host: LangChainHost = { config, toolCallId };
  const where = { tool: attempt.tool.name, toolCallId: attempt.toolCallId };
  const auth = await attempt.authorize();
  if (auth.type !== 'allow') return { ok: false, refusal: toRefusal(auth, where) };
  const outcome = await attempt.execute({
    host,
    ...(config.signal ? { signal: config.signal } : {}),
  });
  if (outcome.status === 'executed') return { ok: true, result: outcome.result };
  if (outcome.status === 'failed' && (isGraphBubbleUp(outcome.error) || config.signal?.aborted)) {
    throw outcome.error;
  }
  const error = outcome.status === 'failed' ? { error: outcome.error } : {};
  return { ok: false, refusal: toRefusal(outcome, where), ...error };
}
