import { anthropicJson, anthropicSse, anthropicStartInputSse } from './anthropic-messages.js';
import { geminiJson, geminiSse } from './gemini.js';
import { mistralSse } from './mistral-chat.js';
import { chatJson, chatSse } from './openai-chat.js';
import { responsesJson, responsesSse } from './openai-responses.js';
import type {
  ProviderApi,
  ProviderResponse,
  ScriptedProviderTurn,
  SseEvent,
  TurnContext,
} from './types.js';

type Emitter = (turn: ScriptedProviderTurn, ctx: TurnContext) => ProviderResponse;

const EMITTERS: Record<ProviderApi, { json: Emitter; sse: Emitter; path: string }> = {
  'openai-chat': { json: chatJson, sse: chatSse, path: '/chat/completions' },
  'openai-responses': { json: responsesJson, sse: responsesSse, path: '/responses' },
  'anthropic-messages': { json: anthropicJson, sse: anthropicSse, path: '/messages' },
  'anthropic-start-input': { json: anthropicJson, sse: anthropicStartInputSse, path: '/messages' },
  'mistral-chat': { json: chatJson, sse: mistralSse, path: '/chat/completions' },
  gemini: { json: geminiJson, sse: geminiSse, path: 'GenerateContent' },
};

/**
 * The path suffix an API is served under (`/chat/completions`, `/responses`, `/messages`;
 * Gemini: `:generateContent` and `:streamGenerateContent`, both ending `GenerateContent`).
 */
export function apiPath(api: ProviderApi): string {
  return EMITTERS[api].path;
}

/**
 * Serializes SSE events (`event:` line when named, one `data:` line per line of the data,
 * which SSE joins with newlines again, blank line).
 */
function encodeSse(events: readonly SseEvent[]): string {
  const data = (text: string) =>
    text
      .split('\n')
      .map((line) => `data: ${line}\n`)
      .join('');
  return events
    .map((e) => `${e.event === undefined ? '' : `event: ${e.event}\n`}${data(e.data)}\n`)
    .join('');
}

/** Status, content type and body text for one scripted turn. */
export function renderTurn(
  api: ProviderApi,
  turn: ScriptedProviderTurn,
  stream: boolean,
  ctx: TurnContext,
): { status: number; contentType: string; body: string } {
  if (turn.raw) {
    const contentType = turn.raw.contentType ?? (stream ? 'text/event-stream' : 'application/json');
    return { status: turn.raw.status ?? 200, contentType, body: turn.raw.body };
  }
  const emitter = EMITTERS[api];
  const out = (stream ? emitter.sse : emitter.json)(turn, ctx);
  return out.kind === 'json'
    ? { status: 200, contentType: 'application/json', body: out.body }
    : { status: 200, contentType: 'text/event-stream', body: encodeSse(out.events) };
}
