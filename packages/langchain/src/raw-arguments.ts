import type { AIMessage } from '@langchain/core/messages';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Chunk {
  id?: string | undefined;
  index?: number | undefined;
  args?: string | undefined;
  isCustomTool?: boolean;
}

/**
 * Groups streamed `tool_call_chunks` the way `@langchain/core` collapses them
 * (same id and index, else same id, else same index) and joins their argument text.
 * An empty joined text counts as `{}`, as LangChain does. Custom (free-text) tools
 * carry no JSON and are skipped.
 */
function fromChunks(chunks: readonly Chunk[], out: Map<string, string>, from: Sources): void {
  const groups: Chunk[][] = [];
  for (const chunk of chunks) {
    const match = groups.find(([first]) => {
      if (first === undefined) return false;
      if (chunk.id && chunk.index !== undefined)
        return chunk.id === first.id && chunk.index === first.index;
      if (chunk.id) return chunk.id === first.id;
      if (chunk.index !== undefined) return chunk.index === first.index;
      return false;
    });
    if (match) match.push(chunk);
    else groups.push([chunk]);
  }
  for (const group of groups) {
    if (group.some((c) => c.isCustomTool === true)) continue;
    const id = group.find((c) => c.id)?.id;
    if (!id || out.has(id)) continue;
    const joined = group.map((c) => (typeof c.args === 'string' ? c.args : '')).join('');
    out.set(id, joined.trim().length === 0 ? '{}' : joined);
    from.set(id, 'chunks');
  }
}

/** Where a raw argument text was found in the message. */
export type RawTextSource = 'chunks' | 'responses' | 'kwargs' | 'content' | 'invalid';
type Sources = Map<string, RawTextSource>;

/**
 * The provider's raw argument text per tool-call id, where the message still carries
 * it: streamed `tool_call_chunks`, Responses API `response_metadata.output` function
 * calls, OpenAI-style `additional_kwargs.tool_calls`, Anthropic-style streamed `tool_use`
 * content blocks, or `invalid_tool_calls`. `tool_calls[].args` is already decoded (plain
 * `JSON.parse` or a lenient partial parser): a call without raw text here is decoded-only.
 */
export function extractRawArguments(message: AIMessage): Map<string, string> {
  return extractRawArgumentSources(message).texts;
}

/** {@link extractRawArguments}, with where each text was found (`sources`). */
export function extractRawArgumentSources(message: AIMessage): {
  texts: Map<string, string>;
  sources: Map<string, RawTextSource>;
} {
  const out = new Map<string, string>();
  const from: Sources = new Map();
  const chunks = (message as { tool_call_chunks?: unknown }).tool_call_chunks;
  if (Array.isArray(chunks)) fromChunks(chunks.filter(isObj) as Chunk[], out, from);

  const output = (message.response_metadata as Obj | undefined)?.output;
  for (const item of Array.isArray(output) ? output : []) {
    if (!isObj(item) || item.type !== 'function_call' || typeof item.call_id !== 'string') continue;
    if (typeof item.arguments === 'string' && !out.has(item.call_id)) {
      out.set(item.call_id, item.arguments);
      from.set(item.call_id, 'responses');
    }
  }

  const kwargsCalls = (message.additional_kwargs as Obj | undefined)?.tool_calls;
  if (Array.isArray(kwargsCalls)) {
    for (const entry of kwargsCalls) {
      if (!isObj(entry) || typeof entry.id !== 'string' || out.has(entry.id)) continue;
      const fn = entry.function;
      if (isObj(fn) && typeof fn.arguments === 'string') {
        out.set(entry.id, fn.arguments);
        from.set(entry.id, 'kwargs');
      }
    }
  }

  if (Array.isArray(message.content)) {
    for (const block of message.content as unknown[]) {
      if (!isObj(block) || block.type !== 'tool_use' || typeof block.id !== 'string') continue;
      if (typeof block.input === 'string' && !out.has(block.id)) {
        out.set(block.id, block.input.trim().length === 0 ? '{}' : block.input);
        from.set(block.id, 'content');
      }
    }
  }

  for (const invalid of message.invalid_tool_calls ?? []) {
    if (
      typeof invalid.id === 'string' &&
      typeof invalid.args === 'string' &&
      !out.has(invalid.id)
    ) {
      out.set(invalid.id, invalid.args);
      from.set(invalid.id, 'invalid');
    }
  }
  return { texts: out, sources: from };
}
