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
  const signal = config.signal ? { signal: config.signal } : {};
  const outcome = await attempt.run({ host, ...signal });
  if (outcome.status === 'executed') return { ok: true, result: outcome.result };
  const failed = outcome.status === 'failed';
  if (failed && (isGraphBubbleUp(outcome.error) || config.signal?.aborted)) throw outcome.error;
  const where = { tool: attempt.tool.name, toolCallId: attempt.toolCallId };
  return {
    ok: false,
    refusal: toRefusal(outcome, where),
    ...(failed ? { error: outcome.error } : {}),
  };
}
