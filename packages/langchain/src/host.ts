import type { RunnableConfig } from '@langchain/core/runnables';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';

/**
 * What a sealed LangChain tool's implementation receives as `ctx.host` (kit
 * `CallOptions.host`): the LangChain run config, and the tool-call id LangChain answers
 * (absent for a direct `invoke` with plain input).
 */
export interface LangChainHost {
  config: RunnableConfig;
  toolCallId: string | undefined;
}

/** The runnable config of the LangChain/LangGraph run we are in, if any. */
export function currentConfig(): RunnableConfig | undefined {
  return AsyncLocalStorageProviderSingleton.getRunnableConfig() as RunnableConfig | undefined;
}

/** Application context for policy: `config.context` (LangGraph's `invoke(…, { context })`). */
export function defaultContext(config: RunnableConfig | undefined): unknown {
  return (config as { context?: unknown } | undefined)?.context;
}

/** The LangGraph thread of the run (the hand-over scope), or '' outside a checkpointed graph. */
export function threadOf(config: RunnableConfig | undefined): string {
  const id = (config?.configurable as Record<string, unknown> | undefined)?.thread_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}
