import { decodeCanonical } from '@argseal/core';
import type { AIMessage } from '@langchain/core/messages';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Provider integrations may send a past AI message back from its provider fields
 * rather than from `tool_calls`: OpenAI-style `additional_kwargs.tool_calls`
 * (argument text), Anthropic-style `tool_use` content blocks (`input`), standard
 * `tool_call` blocks (`args`) and Responses API `function_call` blocks
 * (`arguments` text). Each is rewritten to the canonical arguments so every copy of
 * history agrees with what argseal authorized.
 */
export function rewriteProviderFields(
  message: AIMessage,
  canonicalById: ReadonlyMap<string, string>,
  namesById: ReadonlyMap<string, string> = new Map(),
): { content: unknown; additional_kwargs: Obj } {
  const kwargs: Obj = { ...(message.additional_kwargs ?? {}) };
  if (Array.isArray(kwargs.tool_calls)) {
    kwargs.tool_calls = kwargs.tool_calls.map((entry: unknown) => {
      if (!isObj(entry) || typeof entry.id !== 'string' || !isObj(entry.function)) return entry;
      const canonical = canonicalById.get(entry.id);
      if (canonical === undefined) return entry;
      const name = namesById.get(entry.id);
      return {
        ...entry,
        function: { ...entry.function, arguments: canonical, ...(name ? { name } : {}) },
      };
    });
  }
  let content: unknown = message.content;
  if (Array.isArray(content)) {
    content = content.map((original: unknown) => {
      if (!isObj(original)) return original;
      let block: Obj = original;
      const id =
        typeof block.id === 'string'
          ? block.id
          : typeof block.call_id === 'string'
            ? block.call_id
            : undefined;
      const canonical = id === undefined ? undefined : canonicalById.get(id);
      if (canonical === undefined) return block;
      const name = namesById.get(id as string);
      if (name !== undefined && 'name' in block) block = { ...block, name };
      if (block.type === 'tool_use') return { ...block, input: decodeCanonical(canonical) };
      if (block.type === 'tool_call') return { ...block, args: decodeCanonical(canonical) };
      if (block.type === 'function_call') return { ...block, arguments: canonical };
      return block;
    });
  }
  return { content, additional_kwargs: kwargs };
}
