import type { AdapterOptions } from '@argseal/core/kit';
import { AIMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { createMiddleware } from 'langchain';
import { sealedAfterModel } from './approval-gate.js';
import { currentConfig, threadOf } from './host.js';
import { sealModelMessage } from './model-seam.js';
import { createSealEnv } from './seal-env.js';
import type { SealableTool } from './sealable.js';
import { sealedToolCall } from './tool-seam.js';

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

/**
 * A `createAgent` middleware that seals every tool call:
 * - model seam (`wrapModelCall`): each call is prepared once from the provider's raw
 *   argument text, and history is rewritten to the canonical (or rewritten) arguments;
 * - `afterModel`: policy for every call; calls needing approval pause together in one
 *   LangGraph `interrupt` listing each proposal; resume decisions are matched by proposal
 *   hash (approve, reject, edit);
 * - tool seam (`wrapToolCall`): execution on a fresh copy after policy and, where
 *   needed, a live grant for that exact hash, without a second schema parse.
 * Needs a checkpointer (and a `thread_id`) for approvals.
 */
export function argsealMiddleware<Context = unknown>(options: ArgsealMiddlewareOptions<Context>) {
  const env = createSealEnv(options);
  return createMiddleware({
    name: 'ArgsealMiddleware',
    tools: [...env.tools.values()],
    wrapModelCall: async (request: any, handler: any) => {
      const response = await handler(request);
      if (!AIMessage.isInstance(response)) return response;
      if (!response.tool_calls?.length && !response.invalid_tool_calls?.length) return response;
      const config = currentConfig();
      const context = await env.context(config);
      return sealModelMessage(env, response, context, threadOf(config), request?.model);
    },
    afterModel: {
      canJumpTo: ['model'],
      hook: async (state: any) => sealedAfterModel(env, state.messages ?? []),
    },
    wrapToolCall: async (request: any, handler: any) => sealedToolCall(env, request, handler),
  } as any);
}
