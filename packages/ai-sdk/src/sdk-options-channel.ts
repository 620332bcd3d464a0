import type { ToolExecutionContext } from '@argseal/core';
import type { ToolExecutionOptions } from 'ai';

/**
 * Carries the SDK's execution options (messages, abort signal, tool context) to a
 * wrapped plain AI SDK tool, whose argseal `execute` only receives argseal's context.
 * Keyed by tool-call id and proposal hash; set just before execution, removed after.
 */
export type SdkOptionsChannel = Map<string, ToolExecutionOptions<unknown>[]>;

export function channelKey(toolCallId: string, proposalHash: string): string {
  return `${proposalHash}:${toolCallId}`;
}

export async function withSdkOptions<T>(
  channel: SdkOptionsChannel,
  key: string,
  options: ToolExecutionOptions<unknown>,
  run: () => Promise<T>,
): Promise<T> {
  const list = channel.get(key) ?? [];
  list.push(options);
  channel.set(key, list);
  try {
    return await run();
  } finally {
    const index = list.indexOf(options);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) channel.delete(key);
  }
}

export function sdkOptionsFor(
  channel: SdkOptionsChannel,
  ctx: ToolExecutionContext<unknown>,
): ToolExecutionOptions<unknown> {
  const options = channel.get(channelKey(ctx.toolCallId, ctx.proposalHash))?.at(-1);
  if (options !== undefined) return options;
  // Executed outside an SDK run (e.g. `authorizer.call`): minimal options.
  return {
    toolCallId: ctx.toolCallId,
    messages: [],
    context: undefined,
    ...(ctx.signal ? { abortSignal: ctx.signal } : {}),
  };
}
