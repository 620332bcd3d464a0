import type { ProviderResponse, ScriptedProviderTurn, SseEvent, TurnContext } from './types.js';

const USAGE = '{"promptTokenCount":11,"candidatesTokenCount":7,"totalTokenCount":18}';

/**
 * One Gemini candidate: text and `functionCall` parts, each call's `args` the scripted
 * argument text inserted LITERALLY (a duplicate key stays one in the body text).
 */
function candidate(turn: ScriptedProviderTurn, finish: boolean): string {
  const parts: string[] = [];
  if (turn.text !== undefined) parts.push(JSON.stringify({ text: turn.text }));
  for (const call of turn.toolCalls ?? []) {
    const head = `{"functionCall":{"id":${JSON.stringify(call.id)},"name":${JSON.stringify(call.name)}`;
    parts.push(`${head},"args":${call.arguments}}}`);
  }
  const content = `{"role":"model","parts":[${parts.join(',')}]}`;
  return `{"content":${content}${finish ? ',"finishReason":"STOP"' : ''},"index":0}`;
}

const body = (candidates: string, ctx: TurnContext, usage: boolean) =>
  `{"candidates":[${candidates}]${usage ? `,"usageMetadata":${USAGE}` : ''},"modelVersion":${JSON.stringify(ctx.model)},"responseId":"resp_loopback_${ctx.index}"}`;

/** Gemini `generateContent`: one body. */
export function geminiJson(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  return { kind: 'json', body: body(candidate(turn, true), ctx, true) };
}

/**
 * Gemini `streamGenerateContent?alt=sse`: the text first, then each call whole in one
 * event (Gemini does not split `args`), the last event with `finishReason` and usage.
 * Gemini sends each event on one line (`@google/generative-ai` reads no multi-line
 * data), so line breaks in the argument text are sent as spaces (they are whitespace).
 */
export function geminiSse(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const events: SseEvent[] = [];
  const oneLine = (text: string) => text.replaceAll('\n', ' ');
  if (turn.text !== undefined) {
    events.push({ data: body(candidate({ text: turn.text }, false), ctx, false) });
  }
  const calls = (turn.toolCalls ?? []).map((c) => ({ ...c, arguments: oneLine(c.arguments) }));
  events.push({ data: body(candidate({ toolCalls: calls }, true), ctx, true) });
  return { kind: 'sse', events };
}
