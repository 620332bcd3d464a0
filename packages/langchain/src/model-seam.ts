import { decodeCanonical } from '@argseal/core';
import { AIMessage } from '@langchain/core/messages';
import { type CallMark, DUPLICATE_ID, duplicateIds, MARK_KEY, readMark } from './call-mark.js';
import { extractRawArguments } from './raw-arguments.js';
import { rewriteProviderFields } from './rewrite-provider-fields.js';
import type { SealEnv } from './seal-env.js';

type ToolCalls = NonNullable<AIMessage['tool_calls']>;

/** Builds a plain AIMessage (never a chunk) carrying `toolCalls` and the mark. */
export function rebuildAiMessage(
  message: AIMessage,
  toolCalls: ToolCalls,
  marks: Record<string, CallMark>,
  canonicalById: ReadonlyMap<string, string>,
  namesById?: ReadonlyMap<string, string>,
): AIMessage {
  const { content, additional_kwargs } = rewriteProviderFields(message, canonicalById, namesById);
  const previous = readMark(message)?.calls ?? {};
  return new AIMessage({
    ...(message.id !== undefined ? { id: message.id } : {}),
    ...(message.name !== undefined ? { name: message.name } : {}),
    content: content as AIMessage['content'],
    additional_kwargs,
    response_metadata: {
      ...message.response_metadata,
      [MARK_KEY]: { v: 1, calls: { ...previous, ...marks } },
    },
    ...(message.usage_metadata ? { usage_metadata: message.usage_metadata } : {}),
    tool_calls: toolCalls,
    invalid_tool_calls: message.invalid_tool_calls ?? [],
  });
}

/**
 * The model seam. Prepares each tool call once, from the provider's raw argument
 * text where the message still carries it (else from LangChain's decoded `args`),
 * and returns a message whose history says exactly what will be authorized: canonical
 * (or rewritten) arguments for prepared calls, `{}` plus a durable refusal mark for
 * calls argseal could not decode or validate. Prepared calls wait in the cache for
 * the afterModel hook, so the schema is not parsed again in this attempt.
 */
export async function sealModelMessage<Context>(
  env: SealEnv<Context>,
  message: AIMessage,
  context: Context,
  thread: string,
): Promise<AIMessage> {
  const calls = message.tool_calls ?? [];
  if (calls.length === 0) return message;
  const raw = extractRawArguments(message);
  const marks: Record<string, CallMark> = {};
  const canonicalById = new Map<string, string>();
  const next: ToolCalls = [];
  const duplicated = duplicateIds(calls);
  for (const toolCall of calls) {
    const id = toolCall.id;
    const sealed = env.tools.get(toolCall.name);
    if (id === undefined || id === '') {
      // LangChain cannot answer a call without an id; the tool seam refuses it.
      next.push({ ...toolCall, args: {} });
      continue;
    }
    if (duplicated.has(id)) {
      // Answers, marks, cache entries and raw text are all keyed by id: calls sharing
      // one are ambiguous (one call's arguments could stand in for another's). Refuse all.
      marks[id] = { status: 'invalid', tool: toolCall.name, code: DUPLICATE_ID };
      canonicalById.set(id, '{}');
      next.push({ ...toolCall, args: {} });
      continue;
    }
    if (!sealed) {
      if (env.passthrough.has(toolCall.name)) {
        next.push(toolCall);
      } else {
        marks[id] = { status: 'invalid', tool: toolCall.name, code: 'unknown_tool' };
        canonicalById.set(id, '{}');
        next.push({ ...toolCall, args: {} });
      }
      continue;
    }
    const prepared = await env.authorizer.prepare(
      sealed.argsealBinding.argsealTool,
      raw.get(id) ?? { decoded: toolCall.args, provenance: 'decoded_only' },
      // legacy decoded path until the rebuild on @argseal/core/kit
      { toolCallId: id, context, allowDecodedOnly: true },
    );
    if (prepared.ok) {
      const { call } = prepared;
      env.cache.put(thread, id, { kind: 'prepared', call });
      marks[id] = { status: 'prepared', tool: toolCall.name, proposalHash: call.proposalHash };
      canonicalById.set(id, call.argsCanonicalJson);
      next.push({ ...toolCall, args: decodeCanonical(call.argsCanonicalJson) as never });
    } else {
      const { error } = prepared;
      env.cache.put(thread, id, { kind: 'invalid', tool: toolCall.name, error });
      marks[id] = {
        status: 'invalid',
        tool: toolCall.name,
        code: error.code,
        stage: error.stage,
        path: error.path,
      };
      canonicalById.set(id, '{}');
      next.push({ ...toolCall, args: {} });
    }
  }
  return rebuildAiMessage(message, next, marks, canonicalById);
}
