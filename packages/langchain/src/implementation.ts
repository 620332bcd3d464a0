import type { ToolExecutionContext } from '@argseal/core';
import { decodeCanonical } from '@argseal/core/data';
import { CallbackManager } from '@langchain/core/callbacks/manager';
import { ToolMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { StructuredToolInterface } from '@langchain/core/tools';
import type { LangChainHost } from './host.js';
import { outputToMessage } from './output.js';

type Impl = StructuredToolInterface & {
  _call(arg: unknown, runManager: unknown, config: RunnableConfig): Promise<unknown>;
  responseFormat?: string;
  callbacks?: unknown;
  tags?: string[];
  metadata?: Record<string, unknown>;
  verbose?: boolean;
  toJSON(): unknown;
};

function isAsyncGenerator(x: unknown): x is AsyncGenerator<unknown, unknown> {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as AsyncGenerator)[Symbol.asyncIterator] === 'function' &&
    typeof (x as AsyncGenerator).next === 'function'
  );
}

/**
 * Runs a LangChain tool's implementation (`_call`) on argseal's fresh copy, doing
 * what `StructuredTool.call` does after its schema parse (callbacks, streamed tool
 * events, `content_and_artifact`, ToolMessage formatting), so the schema never runs a
 * second time.
 */
export async function runImplementation(
  tool: StructuredToolInterface,
  input: unknown,
  ctx: ToolExecutionContext,
): Promise<unknown> {
  const impl = tool as Impl;
  const host = ctx.host as LangChainHost | undefined;
  const config: RunnableConfig = { ...(host?.config ?? {}) };
  const toolCallId = host?.toolCallId;
  const toolCall = {
    id: ctx.toolCallId,
    name: tool.name,
    args: decodeCanonical(ctx.argsCanonicalJson),
    type: 'tool_call' as const,
  };
  const manager = CallbackManager.configure(
    config.callbacks,
    impl.callbacks as never,
    config.tags,
    impl.tags,
    config.metadata,
    impl.metadata,
    { verbose: impl.verbose ?? false },
  );
  const runManager = await manager?.handleToolStart(
    impl.toJSON() as never,
    ctx.argsCanonicalJson,
    config.runId,
    undefined,
    undefined,
    undefined,
    config.runName ?? tool.name,
    toolCallId,
  );
  const { runId: _runId, ...rest } = config;
  const childConfig = { ...rest, toolCall, toolCallId: ctx.toolCallId } as RunnableConfig;
  let result: unknown;
  try {
    const raw = await impl._call(input, runManager, childConfig);
    if (isAsyncGenerator(raw)) {
      let step = await raw.next();
      while (!step.done) {
        await runManager?.handleToolEvent(step.value);
        step = await raw.next();
      }
      result = step.value;
    } else {
      result = raw;
    }
  } catch (error) {
    await runManager?.handleToolError(error);
    throw error;
  }
  let content = result;
  let artifact: unknown;
  if (impl.responseFormat === 'content_and_artifact') {
    if (!Array.isArray(result) || result.length !== 2) {
      throw new Error(
        `Tool "${tool.name}" has responseFormat "content_and_artifact" but did not return a two-tuple.`,
      );
    }
    [content, artifact] = result;
  }
  let formatted: unknown = content;
  if (toolCallId !== undefined) {
    formatted = outputToMessage(content, { id: toolCallId, name: tool.name });
    if (artifact !== undefined && ToolMessage.isInstance(formatted)) formatted.artifact = artifact;
  }
  await runManager?.handleToolEnd(formatted);
  return formatted;
}
