import type { JsonValue } from '../json/types.js';
import { checkArgumentText, type FoundCall, recordCheckedValue } from './check-call.js';
import { type GuardContext, StrictFetchError } from './types.js';

/** One tool call being streamed. */
export interface OpenCall {
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
 * The open tool calls of one stream, keyed by their place in it: bounded deltas, one
 * whole-text rule for completing events, and the strict check when a call closes.
 */
export class CallAssembly {
  readonly open = new Map<string, OpenCall>();
  /** Argument text of every call already checked, by call id. */
  readonly closedTexts = new Map<string, string>();

  constructor(private readonly ctx: GuardContext) {}

  /** Checks every call still open. */
  finishAll(): void {
    for (const key of [...this.open.keys()]) this.close(key);
  }

  start(key: string, call: FoundCall): OpenCall {
    if (this.open.has(key)) this.close(key);
    if (this.open.size >= MAX_OPEN_CALLS) {
      throw new StrictFetchError('body_too_large', 'too many tool calls open in one stream');
    }
    const open: OpenCall = { call, parts: [], length: 0 };
    this.open.set(key, open);
    return open;
  }

  expect(key: string): OpenCall {
    const call = this.open.get(key);
    if (!call)
      throw new StrictFetchError('invalid_stream', 'argument delta for a call never opened');
    return call;
  }

  append(call: OpenCall, text: string): void {
    call.length += text.length;
    if (call.length > this.ctx.maxArgumentsLength) {
      throw new StrictFetchError(
        'body_too_large',
        `arguments of ${describe(call)} passed the limit`,
      );
    }
    call.parts.push(text);
  }

  final(call: OpenCall, text: string): void {
    const streamed = call.parts.join('');
    if ((call.parts.length > 0 && streamed !== text) || (call.finalText ?? text) !== text) {
      throw new StrictFetchError(
        'inconsistent_arguments',
        `${describe(call)} changed between events`,
      );
    }
    call.finalText = text;
  }

  close(key: string): void {
    const call = this.open.get(key);
    if (!call) return;
    this.open.delete(key);
    if (call.parts.length === 0 && call.finalText === undefined && call.startInput !== undefined) {
      recordCheckedValue(call.startInput, call.call, this.ctx);
    } else {
      if (hasKeys(call.startInput)) {
        // an SDK would join the start input's text and the deltas: not one argument text
        throw new StrictFetchError('invalid_stream', `${describe(call)} had input and deltas`);
      }
      const text = call.finalText ?? call.parts.join('');
      checkArgumentText(text, call.call, this.ctx);
      if (call.call.toolCallId !== undefined) {
        this.closedTexts.set(call.call.toolCallId, text);
      }
    }
  }
}

const hasKeys = (v: JsonValue | undefined) =>
  typeof v === 'object' &&
  v !== null &&
  (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);

function describe(open: OpenCall): string {
  return open.call.tool === undefined ? 'a tool call' : `tool "${open.call.tool}"`;
}
