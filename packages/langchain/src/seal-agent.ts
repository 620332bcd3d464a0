import { type BaseCheckpointSaver, MemorySaver } from '@langchain/langgraph';
import { type ArgsealMiddlewareOptions, argsealMiddleware } from './middleware.js';

/** Options of {@link sealAgent}: the middleware's, plus where paused runs are kept. */
export interface SealAgentOptions<Context = unknown> extends ArgsealMiddlewareOptions<Context> {
  /**
   * Where LangGraph keeps a paused run. Default: a `MemorySaver` (not durable: a one-time
   * warning on stderr says so); pass a durable checkpointer for production.
   */
  checkpointer?: BaseCheckpointSaver;
}

/** Printed once per process when {@link sealAgent} falls back to a `MemorySaver`. */
export const MEMORY_CHECKPOINTER_WARNING =
  'argseal: sealAgent without `checkpointer` keeps paused runs in a MemorySaver: they are ' +
  'lost on restart and not shared between processes. Pass a durable `checkpointer` for production.';

const WARNED = Symbol.for('argseal.langchain.memory-checkpointer-warned');

function memorySaver(): MemorySaver {
  const flags = globalThis as { [WARNED]?: boolean };
  if (flags[WARNED] !== true) {
    flags[WARNED] = true;
    console.warn(MEMORY_CHECKPOINTER_WARNING);
  }
  return new MemorySaver();
}

/**
 * The `createAgent` settings that seal an agent, to spread next to your model:
 * `createAgent({ model, ...sealAgent({ authorizer, tools }) })`. The tools go here, not to
 * `createAgent`; approvals pause on `checkpointer` (default: a `MemorySaver`).
 *
 * @throws {ArgsealConfigError} `invalid_adapter_options`; {@link ArgsealLangChainError}
 *   `unsupported_tool`, `duplicate_tool` (as {@link argsealMiddleware}).
 */
export function sealAgent<Context = unknown>(options: SealAgentOptions<Context>) {
  const { checkpointer, ...middleware } = options ?? ({} as SealAgentOptions<Context>);
  const sealed = argsealMiddleware(middleware);
  return { middleware: [sealed] as const, checkpointer: checkpointer ?? memorySaver() };
}
