import type { RunnableConfig } from '@langchain/core/runnables';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';

/** The LangChain side of one execution: its runnable config and the tool call. */
export interface ExecEnv {
  config: RunnableConfig | undefined;
  toolCall: { id: string | undefined; name: string } | undefined;
}

/** The runnable config of the LangChain/LangGraph run we are in, if any. */
export function currentConfig(): RunnableConfig | undefined {
  return AsyncLocalStorageProviderSingleton.getRunnableConfig() as RunnableConfig | undefined;
}

const active = new Map<string, ExecEnv[]>();
const keyOf = (toolCallId: string, proposalHash: string) => `${toolCallId}\u0000${proposalHash}`;

/**
 * Runs `fn` (an `authorizer.execute`) with the LangChain side of the call available to
 * the tool implementation: core's `execute` passes only argseal's execution context
 * (tool call id, proposal hash), and the implementation still needs callbacks, the
 * abort signal and `config.toolCall`. Keyed by tool call id and proposal hash; does not
 * depend on an async context being installed.
 */
export async function runWithExecEnv<T>(
  env: ExecEnv,
  call: { toolCallId: string; proposalHash: string },
  fn: () => Promise<T>,
): Promise<T> {
  const key = keyOf(call.toolCallId, call.proposalHash);
  const stack = active.get(key) ?? [];
  stack.push(env);
  active.set(key, stack);
  try {
    return await fn();
  } finally {
    const index = stack.lastIndexOf(env);
    if (index >= 0) stack.splice(index, 1);
    if (stack.length === 0) active.delete(key);
  }
}

export function currentExecEnv(call: {
  toolCallId: string;
  proposalHash: string;
}): ExecEnv | undefined {
  return active.get(keyOf(call.toolCallId, call.proposalHash))?.at(-1);
}

/** Application context for policy: `config.context` (LangGraph's `invoke(…, { context })`). */
export function defaultContext(config: RunnableConfig | undefined): unknown {
  return (config as { context?: unknown } | undefined)?.context;
}

/** The LangGraph thread of the run, or '' outside a checkpointed graph. */
export function threadOf(config: RunnableConfig | undefined): string {
  const id = (config?.configurable as Record<string, unknown> | undefined)?.thread_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}
