import type { AdapterOptions, AdapterRuntime } from '@argseal/core/kit';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { RawTextSource } from './raw-arguments.js';
import type { SealableTool } from './sealable.js';

/** The kit's runtime of one middleware: the run config is the run, a text's place in the message is where. */
export type LangChainRuntime<Context> = AdapterRuntime<
  Context,
  RunnableConfig | undefined,
  RawTextSource
>;

/**
 * Options of {@link argsealMiddleware}: the kit's shared `AdapterOptions` (`authorizer`,
 * whose approval store and audit sink are used; `context`, default the `context` of
 * `agent.invoke(…, { context })`; `allowDecodedOnly`; `maxCachedCalls`, the bound of the
 * hand-over ledger) plus the tools.
 */
export interface ArgsealMiddlewareOptions<Context = unknown>
  extends AdapterOptions<Context, RunnableConfig | undefined> {
  /**
   * The agent's tools (argseal tools or LangChain tools with a zod schema). The
   * middleware registers them with the agent: do not pass them to `createAgent` again.
   */
  tools: readonly SealableTool[];
  /** Names of tools LangChain may run unsealed. Default: none (unknown tools are refused). */
  passthroughTools?: readonly string[];
  /** JSON Schema to show the model for argseal tools whose schema is not zod, by tool name. */
  jsonSchemas?: Readonly<Record<string, Record<string, unknown>>>;
}
