import { decodeCanonical } from '@argseal/core/data';
import { AIMessage } from '@langchain/core/messages';
import { type CallMark, MARK_KEY, readMarks } from './mark.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What history carries for one call: `attempt.historyArguments`, or `{}` when refused. */
export interface HistoryCall {
  id: string;
  name: string;
  text: string;
}

function rewriteEntry(entry: unknown, calls: ReadonlyMap<string, HistoryCall>): unknown {
  if (!isObj(entry)) return entry;
  const id = [entry.id, entry.call_id].find((v) => typeof v === 'string' && calls.has(v));
  const call = id === undefined ? undefined : calls.get(id as string);
  if (call === undefined) return entry;
  const named = 'name' in entry ? { ...entry, name: call.name } : entry;
  if (isObj(entry.function)) {
    return { ...entry, function: { ...entry.function, name: call.name, arguments: call.text } };
  }
  if (entry.type === 'tool_use') return { ...named, input: decodeCanonical(call.text) };
  if (entry.type === 'tool_call') return { ...named, args: decodeCanonical(call.text) };
  if (entry.type === 'function_call') return { ...named, arguments: call.text };
  return entry;
}

const rewriteList = (list: unknown, calls: ReadonlyMap<string, HistoryCall>) =>
  Array.isArray(list) ? list.map((e) => rewriteEntry(e, calls)) : list;

/**
 * A plain AIMessage (never a chunk) whose every copy of each call says what argseal
 * authorized: `tool_calls` (refused and `invalid_tool_calls` become calls with `{}`, so
 * the tool seam answers them), OpenAI `additional_kwargs.tool_calls`, Responses API
 * `response_metadata.output` and `function_call` blocks, Anthropic `tool_use` blocks.
 * Streamed `tool_call_chunks` are dropped. Provider integrations replay these fields to
 * the provider, so a refused payload never goes back. `decode` builds the `tool_calls`
 * args (the ledger's: frozen, found by identity at the next seam).
 */
export function rebuildAiMessage(
  message: AIMessage,
  calls: readonly HistoryCall[],
  marks: Record<string, CallMark>,
  decode: (text: string) => unknown = decodeCanonical,
): AIMessage {
  const byId = new Map(calls.map((c) => [c.id, c]));
  const kept = (message.tool_calls ?? [])
    .filter((c) => !c.id || !byId.has(c.id))
    .map((c) => (c.id ? c : { ...c, args: {} })); // the tool seam refuses calls without an id
  const metadata: Obj = { ...message.response_metadata };
  if (Array.isArray(metadata.output)) metadata.output = rewriteList(metadata.output, byId);
  metadata[MARK_KEY] = { v: 1, calls: { ...readMarks(message), ...marks } };
  const kwargs: Obj = { ...message.additional_kwargs };
  if (Array.isArray(kwargs.tool_calls)) kwargs.tool_calls = rewriteList(kwargs.tool_calls, byId);
  const order = (message.tool_calls ?? [])
    .concat((message.invalid_tool_calls ?? []) as never[])
    .map((c) => c.id);
  const toolCalls = [
    ...kept,
    ...calls.map((c) => ({
      id: c.id,
      name: c.name,
      args: decode(c.text) as Obj,
      type: 'tool_call' as const,
    })),
  ].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return new AIMessage({
    ...(message.id !== undefined ? { id: message.id } : {}),
    ...(message.name !== undefined ? { name: message.name } : {}),
    content: rewriteList(message.content, byId) as AIMessage['content'],
    additional_kwargs: kwargs,
    response_metadata: metadata,
    ...(message.usage_metadata ? { usage_metadata: message.usage_metadata } : {}),
    tool_calls: toolCalls,
    invalid_tool_calls: (message.invalid_tool_calls ?? []).filter((c) => !c.id || !byId.has(c.id)),
  });
}
