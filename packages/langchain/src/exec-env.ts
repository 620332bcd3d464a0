import type { RunnableConfig } from '@langchain/core/runnables';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';

const EXEC_ENV = Symbol.for('argseal.langchain.exec-env');

/** The LangChain side of one execution: its runnable config and the tool call. */
export interface ExecEnv {
  config: RunnableConfig | undefined;
  toolCall: { id: string | undefined; name: string } | undefined;
}

/** The runnable config of the LangChain/LangGraph run we are in, if any. */
export function currentConfig(): RunnableConfig | undefined {
  return AsyncLocalStorageProviderSingleton.getRunnableConfig() as RunnableConfig | undefined;
}

/**
 * Runs `fn` (an `authorizer.execute`) with the LangChain config available to the
 * tool implementation, through LangChain's own async context: core's `execute` only
 * passes argseal's execution context, and the implementation still needs callbacks,
 * the abort signal and `config.toolCall`.
 */
export function runWithExecEnv<T>(env: ExecEnv, fn: () => Promise<T>): Promise<T> {
  const config = { ...(env.config ?? {}), [EXEC_ENV]: env } as RunnableConfig;
  return AsyncLocalStorageProviderSingleton.runWithConfig(config, fn) as Promise<T>;
}

export function currentExecEnv(): ExecEnv | undefined {
  const config = currentConfig() as Record<symbol, unknown> | undefined;
  const env = config?.[EXEC_ENV];
  return typeof env === 'object' && env !== null ? (env as ExecEnv) : undefined;
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
