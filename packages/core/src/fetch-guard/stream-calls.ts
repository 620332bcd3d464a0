import type { JsonValue } from '../json/types.js';
import { checkArgumentText, type FoundCall, foundCall, recordCheckedValue } from './check-call.js';
import { checkResponsesOutput, isRec, recs } from './json-body.js';
import { type GuardContext, StrictFetchError } from './types.js';

interface OpenCall {
  call: FoundCall;
  parts: string[];
  length: number;
  /** Anthropic `content_block_start` input (used when no `input_json_delta` follows). */
  startInput?: JsonValue;
  /** The whole text a completing event carried (Responses `.done` events). */
  finalText?: string;
}

const MAX_OPEN_CALLS = 256;

/**
 * Follows the tool calls of one SSE stream (Chat Completions chunks, Responses events,
 * Anthropic Messages events), reassembles each call's argument text from its deltas and
 * checks it when the call completes. While any call is open the stream's events are
 * held back (`holding`), so no consumer sees a call before its whole text passed.
 */
export class StreamCallTracker {
  private readonly open = new Map<string, OpenCall>();

  constructor(private readonly ctx: GuardContext) {}

  get holding(): boolean {
    return this.open.size > 0;
  }

  onData(data: JsonValue): void {
    if (!isRec(data)) return;
    const type = typeof data.type === 'string' ? data.type : '';
    if (Array.isArray(data.choices)) this.chat(data.choices);
    else if (type.startsWith('response.')) this.responses(type, data);
    else this.anthropic(type, data);
  }

  /** Checks every call still open (end of stream, `[DONE]`, `message_stop`). */
  finishAll(): void {
    for (const key of [...this.open.keys()]) this.close(key);
  }

  private chat(choices: JsonValue[]): void {
    recs(choices).forEach((choice, position) => {
      const ci = typeof choice.index === 'number' ? choice.index : position;
      const delta = isRec(choice.delta) ? choice.delta : undefined;
      recs(delta?.tool_calls).forEach((tc, j) => {
        const key = `chat:${ci}:${typeof tc.index === 'number' ? tc.index : j}`;
        const fn = isRec(tc.function) ? tc.function : undefined;
        const existing = this.open.get(key);
        if (existing && typeof tc.id === 'string' && existing.call.toolCallId !== tc.id) {
          this.close(key);
        }
        const call = this.open.get(key) ?? this.start(key, foundCall(tc.id, fn?.name));
        if (typeof fn?.arguments === 'string') this.append(call, fn.arguments);
      });
      if (typeof choice.finish_reason === 'string') {
        for (const key of [...this.open.keys()]) if (key.startsWith(`chat:${ci}:`)) this.close(key);
      }
    });
  }

  private responses(type: string, data: { [key: string]: JsonValue }): void {
    const key = `resp:${String(data.output_index)}`;
    const item = isRec(data.item) ? data.item : undefined;
    if (type === 'response.output_item.added' && item?.type === 'function_call') {
      const call = this.start(key, foundCall(item.call_id, item.name));
      if (typeof item.arguments === 'string' && item.arguments !== '') {
        this.append(call, item.arguments);
      }
    } else if (type === 'response.function_call_arguments.delta') {
      if (typeof data.delta === 'string') this.append(this.expect(key), data.delta);
    } else if (type === 'response.function_call_arguments.done') {
      if (typeof data.arguments === 'string') this.final(this.expect(key), data.arguments);
    } else if (type === 'response.output_item.done' && item?.type === 'function_call') {
      const call = this.open.get(key) ?? this.start(key, foundCall(item.call_id, item.name));
      if (typeof item.arguments === 'string') this.final(call, item.arguments);
      this.close(key);
    } else if (type === 'response.completed' || type === 'response.incomplete') {
      this.finishAll();
      if (isRec(data.response)) checkResponsesOutput(data.response.output, this.ctx);
    }
  }

  private anthropic(type: string, data: { [key: string]: JsonValue }): void {
    const key = `anth:${String(data.index)}`;
    if (type === 'content_block_start') {
      const block = isRec(data.content_block) ? data.content_block : undefined;
      if (block?.type !== 'tool_use') return;
      const call = this.start(key, foundCall(block.id, block.name));
      if (block.input !== undefined) call.startInput = block.input;
    } else if (type === 'content_block_delta') {
      const delta = isRec(data.delta) ? data.delta : undefined;
      if (delta?.type !== 'input_json_delta') return;
      if (typeof delta.partial_json === 'string') this.append(this.expect(key), delta.partial_json);
    } else if (type === 'content_block_stop') {
      if (this.open.has(key)) this.close(key);
    } else if (type === 'message_stop') {
      this.finishAll();
    }
  }

  private start(key: string, call: FoundCall): OpenCall {
    if (this.open.has(key)) this.close(key);
    if (this.open.size >= MAX_OPEN_CALLS) {
      throw new StrictFetchError('body_too_large', 'too many tool calls open in one stream');
    }
    const open: OpenCall = { call, parts: [], length: 0 };
    this.open.set(key, open);
    return open;
  }

  private expect(key: string): OpenCall {
    const call = this.open.get(key);
    if (!call)
      throw new StrictFetchError('invalid_stream', 'argument delta for a call never opened');
    return call;
  }

  private append(call: OpenCall, text: string): void {
    call.length += text.length;
    if (call.length > this.ctx.maxArgumentsLength) {
      throw new StrictFetchError(
        'body_too_large',
        `arguments of ${describe(call)} passed the limit`,
      );
    }
    call.parts.push(text);
  }

  private final(call: OpenCall, text: string): void {
    const streamed = call.parts.join('');
    if ((call.parts.length > 0 && streamed !== text) || (call.finalText ?? text) !== text) {
      throw new StrictFetchError(
        'inconsistent_arguments',
        `${describe(call)} changed between events`,
      );
    }
    call.finalText = text;
  }

  private close(key: string): void {
    const call = this.open.get(key);
    if (!call) return;
    this.open.delete(key);
    if (call.parts.length === 0 && call.finalText === undefined && call.startInput !== undefined) {
      recordCheckedValue(call.startInput, call.call, this.ctx);
    } else {
      checkArgumentText(call.finalText ?? call.parts.join(''), call.call, this.ctx);
    }
  }
}

function describe(open: OpenCall): string {
  return open.call.tool === undefined ? 'a tool call' : `tool "${open.call.tool}"`;
}
