import { argumentDeltas } from './split-text.js';
import type { ProviderResponse, ScriptedProviderTurn, SseEvent, TurnContext } from './types.js';

const USAGE = { input_tokens: 11, output_tokens: 7 };

function stopReason(turn: ScriptedProviderTurn): string {
  return turn.toolCalls && turn.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
}

/**
 * Anthropic Messages, non-streaming. Each `tool_use.input` is the scripted argument text
 * inserted LITERALLY (not re-encoded), so the body carries exactly what a provider would
 * send: a duplicate key stays a duplicate key in the body text.
 */
export function anthropicJson(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const blocks: string[] = [];
  if (turn.text !== undefined) blocks.push(JSON.stringify({ type: 'text', text: turn.text }));
  for (const call of turn.toolCalls ?? []) {
    const head = `{"type":"tool_use","id":${JSON.stringify(call.id)},"name":${JSON.stringify(call.name)}`;
    blocks.push(`${head},"input":${call.arguments}}`);
  }
  const head = JSON.stringify({
    id: `msg_loopback_${ctx.index}`,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
  }).slice(0, -1);
  const tail = JSON.stringify({ stop_reason: stopReason(turn), stop_sequence: null, usage: USAGE });
  return { kind: 'json', body: `${head},"content":[${blocks.join(',')}],${tail.slice(1)}` };
}

/**
 * Anthropic Messages, streaming: `message_start`, per block `content_block_start`
 * (`tool_use` with `input: {}`), `content_block_delta` (`text_delta` /
 * `input_json_delta` with `partial_json`), `content_block_stop`; then `message_delta`
 * with the stop reason and `message_stop`.
 */
export function anthropicSse(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const events: SseEvent[] = [];
  const emit = (type: string, payload: Record<string, unknown>) =>
    events.push({ event: type, data: JSON.stringify({ type, ...payload }) });
  emit('message_start', {
    message: {
      id: `msg_loopback_${ctx.index}`,
      type: 'message',
      role: 'assistant',
      model: ctx.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: USAGE.input_tokens, output_tokens: 1 },
    },
  });
  let index = 0;
  if (turn.text !== undefined) {
    emit('content_block_start', { index, content_block: { type: 'text', text: '' } });
    emit('content_block_delta', { index, delta: { type: 'text_delta', text: turn.text } });
    emit('content_block_stop', { index });
    index++;
  }
  for (const call of turn.toolCalls ?? []) {
    const block = { type: 'tool_use', id: call.id, name: call.name, input: {} };
    emit('content_block_start', { index, content_block: block });
    for (const partial_json of argumentDeltas(call.arguments, call.splitAt)) {
      emit('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    }
    emit('content_block_stop', { index });
    index++;
  }
  emit('message_delta', {
    delta: { stop_reason: stopReason(turn), stop_sequence: null },
    usage: { output_tokens: USAGE.output_tokens },
  });
  emit('message_stop', {});
  return { kind: 'sse', events };
}

/**
 * An Anthropic-compatible server that streams each `tool_use` block's whole `input` object
 * in `content_block_start` (inserted LITERALLY) and sends no `input_json_delta`. The AI SDK
 * and LangChain providers accept it and re-serialize the object.
 */
export function anthropicStartInputSse(
  turn: ScriptedProviderTurn,
  ctx: TurnContext,
): ProviderResponse {
  const events: SseEvent[] = [];
  const plain = anthropicSse({ ...(turn.text === undefined ? {} : { text: turn.text }) }, ctx);
  if (plain.kind !== 'sse') return plain;
  const head = plain.events.filter(
    (e) => e.event !== 'message_delta' && e.event !== 'message_stop',
  );
  events.push(...head);
  let index = turn.text === undefined ? 0 : 1;
  for (const call of turn.toolCalls ?? []) {
    const block = `{"type":"tool_use","id":${JSON.stringify(call.id)},"name":${JSON.stringify(call.name)},"input":${call.arguments}}`;
    events.push({
      event: 'content_block_start',
      data: `{"type":"content_block_start","index":${index},"content_block":${block}}`,
    });
    events.push({
      event: 'content_block_stop',
      data: JSON.stringify({ type: 'content_block_stop', index }),
    });
    index++;
  }
  const tail = anthropicSse({}, ctx);
  if (tail.kind === 'sse') {
    for (const e of tail.events) {
      if (e.event === 'message_delta') {
        events.push({ ...e, data: e.data.replace('"end_turn"', `"${stopReason(turn)}"`) });
      } else if (e.event === 'message_stop') events.push(e);
    }
  }
  return { kind: 'sse', events };
}
