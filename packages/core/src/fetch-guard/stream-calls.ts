import type { JsonValue } from '../json/types.js';
import { CallAssembly } from './call-assembly.js';
import { foundCall } from './check-call.js';
import { checkGeminiCandidates, checkResponsesOutput, isRec, recs } from './json-body.js';
import { type GuardContext, StrictFetchError } from './types.js';

/**
 * Follows the tool calls of one SSE stream (Chat Completions chunks, also Mistral and
 * OpenAI-compatible servers; Responses events; Anthropic Messages events; Gemini
 * `streamGenerateContent` events, whose `functionCall.args` arrive whole), reassembles each call's argument text from its deltas and
 * checks it when the call completes. While any call is open the stream's events are
 * held back (`holding`), so no consumer sees a call before its whole text passed.
 */
export class StreamCallTracker {
  private readonly calls: CallAssembly;

  constructor(private readonly ctx: GuardContext) {
    this.calls = new CallAssembly(ctx);
  }

  get holding(): boolean {
    return this.calls.open.size > 0;
  }

  onData(data: JsonValue): void {
    if (!isRec(data)) return;
    const type = typeof data.type === 'string' ? data.type : '';
    if (Array.isArray(data.choices)) this.chat(data.choices);
    else if (Array.isArray(data.candidates)) checkGeminiCandidates(data.candidates, this.ctx);
    else if (type.startsWith('response.')) this.responses(type, data);
    else this.anthropic(type, data);
  }

  /** Checks every call still open (end of stream, `[DONE]`, `message_stop`). */
  finishAll(): void {
    this.calls.finishAll();
  }

  private chat(choices: JsonValue[]): void {
    recs(choices).forEach((choice, position) => {
      const ci = typeof choice.index === 'number' ? choice.index : position;
      const delta = isRec(choice.delta) ? choice.delta : undefined;
      recs(delta?.tool_calls).forEach((tc, j) => {
        const key = `chat:${ci}:${typeof tc.index === 'number' ? tc.index : j}`;
        const fn = isRec(tc.function) ? tc.function : undefined;
        const existing = this.calls.open.get(key);
        if (existing && typeof tc.id === 'string' && existing.call.toolCallId !== tc.id) {
          this.calls.close(key);
        }
        const call = this.calls.open.get(key) ?? this.calls.start(key, foundCall(tc.id, fn?.name));
        if (typeof fn?.arguments === 'string') this.calls.append(call, fn.arguments);
        else if (isRec(fn?.arguments)) {
          // Mistral may stream a call's arguments as one object: checked with the event
          if (call.parts.length > 0 || call.startInput !== undefined) {
            throw new StrictFetchError('invalid_stream', 'a call mixed text and object arguments');
          }
          call.startInput = fn.arguments;
        }
      });
      if (typeof choice.finish_reason === 'string') {
        for (const key of [...this.calls.open.keys()])
          if (key.startsWith(`chat:${ci}:`)) this.calls.close(key);
      }
    });
  }

  private responses(type: string, data: { [key: string]: JsonValue }): void {
    const key = `resp:${String(data.output_index)}`;
    const item = isRec(data.item) ? data.item : undefined;
    if (type === 'response.output_item.added' && item?.type === 'function_call') {
      const call = this.calls.start(key, foundCall(item.call_id, item.name));
      if (typeof item.arguments === 'string' && item.arguments !== '') {
        this.calls.append(call, item.arguments);
      }
    } else if (type === 'response.function_call_arguments.delta') {
      if (typeof data.delta === 'string') this.calls.append(this.calls.expect(key), data.delta);
    } else if (type === 'response.function_call_arguments.done') {
      if (typeof data.arguments === 'string')
        this.calls.final(this.calls.expect(key), data.arguments);
    } else if (type === 'response.output_item.done' && item?.type === 'function_call') {
      const call =
        this.calls.open.get(key) ?? this.calls.start(key, foundCall(item.call_id, item.name));
      if (typeof item.arguments === 'string') this.calls.final(call, item.arguments);
      this.calls.close(key);
    } else if (type === 'response.completed' || type === 'response.incomplete') {
      this.finishAll();
      if (isRec(data.response)) this.completedOutput(data.response.output);
    }
  }

  /** `response.completed` repeats every item: each call must carry the text its events had. */
  private completedOutput(output: JsonValue | undefined): void {
    for (const item of recs(output)) {
      const seen =
        typeof item.call_id === 'string' ? this.calls.closedTexts.get(item.call_id) : undefined;
      if (item.type === 'function_call' && seen !== undefined && seen !== item.arguments) {
        throw new StrictFetchError(
          'inconsistent_arguments',
          'a call changed in response.completed',
        );
      }
    }
    checkResponsesOutput(output, this.ctx);
  }

  private anthropic(type: string, data: { [key: string]: JsonValue }): void {
    const key = `anth:${String(data.index)}`;
    if (type === 'content_block_start') {
      const block = isRec(data.content_block) ? data.content_block : undefined;
      if (block?.type !== 'tool_use') return;
      const call = this.calls.start(key, foundCall(block.id, block.name));
      if (block.input !== undefined) call.startInput = block.input;
    } else if (type === 'content_block_delta') {
      const delta = isRec(data.delta) ? data.delta : undefined;
      if (delta?.type !== 'input_json_delta') return;
      if (typeof delta.partial_json === 'string')
        this.calls.append(this.calls.expect(key), delta.partial_json);
    } else if (type === 'content_block_stop') {
      if (this.calls.open.has(key)) this.calls.close(key);
    } else if (type === 'message_stop') {
      this.finishAll();
    }
  }
}
