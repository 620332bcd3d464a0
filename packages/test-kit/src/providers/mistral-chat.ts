import { chatSse } from './openai-chat.js';
import type { ProviderResponse, ScriptedProviderTurn, TurnContext } from './types.js';

/**
 * Mistral's Chat Completions stream: the OpenAI chunks, with the usage on the finish chunk
 * (Mistral sends no chunk with empty `choices`, and its clients read `choices[0]`).
 */
export function mistralSse(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const out = chatSse(turn, ctx);
  if (out.kind !== 'sse') return out;
  const events = out.events.filter((e) => !e.data.includes('"choices":[]'));
  const usage = out.events.find((e) => e.data.includes('"choices":[]'));
  const finish = events.findIndex((e) => /"finish_reason":"[a-z_]+"/.test(e.data));
  if (usage && finish >= 0) {
    const data = JSON.parse(events[finish]!.data) as Record<string, unknown>;
    data.usage = (JSON.parse(usage.data) as { usage: unknown }).usage;
    events[finish] = { data: JSON.stringify(data) };
  }
  return { kind: 'sse', events };
}
