import type { ProviderResponse, ScriptedProviderTurn, SseEvent, TurnContext } from './types.js';

const USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };

/**
 * Mistral's Chat Completions stream: each tool call whole in one chunk (id, name and the
 * argument text; Mistral's client requires the name on every tool-call delta), then the
 * finish chunk carrying the usage (no chunk with empty `choices`), then `[DONE]`.
 */
export function mistralSse(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const chunk = (delta: unknown, finish: string | null = null) => ({
    data: JSON.stringify({
      id: `cmpl-loopback-${ctx.index}`,
      object: 'chat.completion.chunk',
      created: 1_700_000_000 + ctx.index,
      model: ctx.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(finish === null ? {} : { usage: USAGE }),
    }),
  });
  const events: SseEvent[] = [chunk({ role: 'assistant', content: '' })];
  if (turn.text) events.push(chunk({ content: turn.text }));
  (turn.toolCalls ?? []).forEach((call, index) => {
    const fn = { name: call.name, arguments: call.arguments };
    events.push(
      chunk({ content: '', tool_calls: [{ id: call.id, type: 'function', function: fn, index }] }),
    );
  });
  const calls = (turn.toolCalls ?? []).length > 0;
  events.push(chunk({ content: '' }, calls ? 'tool_calls' : 'stop'));
  events.push({ data: '[DONE]' });
  return { kind: 'sse', events };
}
