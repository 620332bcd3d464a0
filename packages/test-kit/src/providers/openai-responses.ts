import { argumentDeltas } from './split-text.js';
import type { ProviderResponse, ScriptedProviderTurn, SseEvent, TurnContext } from './types.js';

const USAGE = {
  input_tokens: 11,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 7,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 18,
};

function outputItems(turn: ScriptedProviderTurn, ctx: TurnContext): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  if (turn.text !== undefined) {
    items.push({
      type: 'message',
      id: `msg_loopback_${ctx.index}`,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: turn.text, annotations: [] }],
    });
  }
  (turn.toolCalls ?? []).forEach((call, i) => {
    items.push({
      type: 'function_call',
      id: `fc_loopback_${ctx.index}_${i}`,
      call_id: call.id,
      ...(call.namespace !== undefined ? { namespace: call.namespace } : {}),
      name: call.name,
      arguments: call.arguments,
      status: 'completed',
    });
  });
  return items;
}

function responseObject(ctx: TurnContext, status: string, output: unknown[], usage?: unknown) {
  return {
    id: `resp_loopback_${ctx.index}`,
    object: 'response',
    created_at: 1_700_000_000 + ctx.index,
    status,
    model: ctx.model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: usage ?? null,
  };
}

/** OpenAI Responses, non-streaming: one `response` object with its output items. */
export function responsesJson(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const body = responseObject(ctx, 'completed', outputItems(turn, ctx), USAGE);
  return { kind: 'json', body: JSON.stringify(body) };
}

/**
 * OpenAI Responses, streaming: `response.created`, per item `output_item.added`, its
 * deltas (`output_text.delta` / `function_call_arguments.delta`) and `.done` events,
 * `output_item.done` with the whole item, then `response.completed` with usage.
 */
export function responsesSse(turn: ScriptedProviderTurn, ctx: TurnContext): ProviderResponse {
  const events: SseEvent[] = [];
  let seq = 0;
  const emit = (type: string, payload: Record<string, unknown>) =>
    events.push({
      event: type,
      data: JSON.stringify({ type, sequence_number: seq++, ...payload }),
    });
  emit('response.created', { response: responseObject(ctx, 'in_progress', []) });
  const items = outputItems(turn, ctx);
  items.forEach((item, output_index) => {
    const id = item.id as string;
    if (item.type === 'message') {
      const text = turn.text ?? '';
      emit('response.output_item.added', { output_index, item: { ...item, content: [] } });
      const part = { type: 'output_text', text: '', annotations: [] };
      emit('response.content_part.added', { item_id: id, output_index, content_index: 0, part });
      emit('response.output_text.delta', {
        item_id: id,
        output_index,
        content_index: 0,
        delta: text,
      });
      emit('response.output_text.done', { item_id: id, output_index, content_index: 0, text });
      emit('response.content_part.done', {
        item_id: id,
        output_index,
        content_index: 0,
        part: { ...part, text },
      });
    } else {
      const call = (turn.toolCalls ?? [])[output_index - (turn.text !== undefined ? 1 : 0)]!;
      emit('response.output_item.added', {
        output_index,
        item: { ...item, arguments: '', status: 'in_progress' },
      });
      for (const delta of argumentDeltas(call.arguments, call.splitAt)) {
        emit('response.function_call_arguments.delta', { item_id: id, output_index, delta });
      }
      emit('response.function_call_arguments.done', {
        item_id: id,
        output_index,
        arguments: call.arguments,
      });
    }
    emit('response.output_item.done', { output_index, item });
  });
  emit('response.completed', { response: responseObject(ctx, 'completed', items, USAGE) });
  return { kind: 'sse', events };
}
