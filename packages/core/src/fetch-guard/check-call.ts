import { serializeTrusted } from '../json/canonicalize.js';
import { parseStrictJson } from '../json/parse-strict-json.js';
import type { JsonValue } from '../json/types.js';
import type { GuardContext } from './types.js';

/** A tool call found in a provider body. */
export interface FoundCall {
  toolCallId: string | undefined;
  tool: string | undefined;
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The call id and tool name of a body part, when they are strings. */
export function foundCall(id: unknown, tool: unknown): FoundCall {
  return { toolCallId: asString(id), tool: asString(tool) };
}

/**
 * Strictly decodes one call's argument text (throws the decoder's
 * `ToolArgumentsValidationError`, attributed to the tool) and records its canonical text.
 */
export function checkArgumentText(text: string, call: FoundCall, ctx: GuardContext): void {
  const value = parseStrictJson(text, {
    maxLength: ctx.maxArgumentsLength,
    ...(call.tool === undefined ? {} : { tool: call.tool }),
  });
  record(value, call, ctx);
}

/**
 * Records an argument object that arrived already decoded inside a body the strict decoder
 * accepted (Anthropic `tool_use.input`): it is checked by construction.
 */
export function recordCheckedValue(value: JsonValue, call: FoundCall, ctx: GuardContext): void {
  record(value, call, ctx);
}

function record(value: JsonValue, call: FoundCall, ctx: GuardContext): void {
  ctx.recorder.markChecked({ toolCallId: call.toolCallId, canonicalJson: serializeTrusted(value) });
}
