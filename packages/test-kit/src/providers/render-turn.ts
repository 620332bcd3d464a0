import { anthropicJson, anthropicSse } from './anthropic-messages.js';
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
};

/** The path suffix an API is served under (`/chat/completions`, `/responses`, `/messages`). */
export function apiPath(api: ProviderApi): string {
  return EMITTERS[api].path;
}

/** Serializes SSE events (`event:` line when named, one `data:` line, blank line). */
function encodeSse(events: readonly SseEvent[]): string {
  return events
    .map((e) => `${e.event === undefined ? '' : `event: ${e.event}\n`}data: ${e.data}\n\n`)
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
