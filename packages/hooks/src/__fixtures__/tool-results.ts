import type { LoopbackRequest } from '@argseal/test-kit/providers';

/**
 * The tool results a host sent back to the model, in order, as text: Anthropic
 * `tool_result` blocks, or Responses `function_call_output` / `custom_tool_call_output` items.
 */
export function toolResults(requests: readonly LoopbackRequest[]): string[] {
  const out: string[] = [];
  const last = requests[requests.length - 1]?.body as Record<string, unknown> | undefined;
  if (!last) return out;
  const flatten = (c: unknown): string =>
    typeof c === 'string'
      ? c
      : Array.isArray(c)
        ? c.map((p) => flatten((p as { text?: unknown }).text ?? p)).join('')
        : JSON.stringify(c);
  for (const m of (last.messages as { content?: unknown }[] | undefined) ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const block of m.content as Record<string, unknown>[]) {
      if (block.type === 'tool_result') out.push(flatten(block.content));
    }
  }
  for (const item of (last.input as Record<string, unknown>[] | undefined) ?? []) {
    if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output')
      out.push(flatten(item.output));
  }
  return out;
}
