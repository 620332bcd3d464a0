import { argumentDeltas } from './split-text.js';
import type { ProviderResponse, ScriptedProviderTurn, SseEvent, TurnContext } from './types.js';

const USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };

function finishReason(turn: ScriptedProviderTurn): string {
  return turn.toolCalls && turn.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}

/** OpenAI Chat Completions, non-streaming: one `chat.completion` object. */
export function chatJson(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const toolCalls = (turn.toolCalls ?? []).map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  const message = {
    role: 'assistant',
    content: turn.text ?? null,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
  const body = {
    id: `chatcmpl-loopback-${ctx.index}`,
    object: 'chat.completion',
    created: 1_700_000_000 + ctx.index,
    model: ctx.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(turn) }],
    usage: USAGE,
  };
  return { kind: 'json', body: JSON.stringify(body) };
}

/**
 * OpenAI Chat Completions, streaming: `chat.completion.chunk` events; each tool call
 * opens with its id and name, then its argument text in deltas; then the finish chunk,
 * a usage chunk and `[DONE]`.
 */
export function chatSse(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const chunk = (delta: unknown, finish: string | null = null, usage?: unknown) => ({
    data: JSON.stringify({
      id: `chatcmpl-loopback-${ctx.index}`,
      object: 'chat.completion.chunk',
      created: 1_700_000_000 + ctx.index,
      model: ctx.model,
      choices: usage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    }),
  });
  const events: SseEvent[] = [chunk({ role: 'assistant', content: '' })];
  if (turn.text) events.push(chunk({ content: turn.text }));
  (turn.toolCalls ?? []).forEach((call, index) => {
    events.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    );
    for (const part of argumentDeltas(call.arguments, call.splitAt)) {
      events.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  });
  events.push(chunk({}, finishReason(turn)));
  events.push(chunk(undefined, null, USAGE));
  events.push({ data: '[DONE]' });
  return { kind: 'sse', events };
}
