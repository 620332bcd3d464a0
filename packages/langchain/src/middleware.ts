import { AIMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import { sealedAfterModel } from './approval-gate.js';
import { currentConfig, threadOf } from './host.js';
import { createMiddlewareRuntime } from './middleware-runtime.js';
import { sealModelMessage } from './model-seam.js';
import type { ArgsealMiddlewareOptions } from './options.js';
import { sealedToolCall } from './tool-seam.js';

export type { ArgsealMiddlewareOptions } from './options.js';

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
  const { rt, sealedTools, passthrough } = createMiddlewareRuntime(options);
  return createMiddleware({
    name: 'ArgsealMiddleware',
    tools: sealedTools,
    wrapModelCall: async (request: any, handler: any) => {
      const response = await handler(request);
      if (!AIMessage.isInstance(response)) return response;
      if (!response.tool_calls?.length && !response.invalid_tool_calls?.length) return response;
      const config = currentConfig();
      const context = await rt.context(config);
      const thread = threadOf(config);
      return sealModelMessage(rt, passthrough, response, context, thread, request?.model);
    },
    afterModel: {
      canJumpTo: ['model'],
      hook: async (state: any) => sealedAfterModel(rt, passthrough, state.messages ?? []),
    },
    wrapToolCall: async (request: any, handler: any) =>
      sealedToolCall(rt, passthrough, request, handler),
  } as any);
}
